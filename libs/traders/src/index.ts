export * from './traders.module';
export * from './traders.tokens';
export * from './trader-directory.service';
export * from './leaderboard/leaderboard.dto';
export * from './leaderboard/leaderboard-tools.service';
