/**
 * Traders the peer service names in its captured answers (its leaderboard, a trader comparison, a
 * trader report, the holders of an analysed token, multi-trader matches): their handles, and their
 * user ids, wallets, creation times and bios where a capture shows them, so the peer's documented
 * examples answer on the sandbox instead of 404. population.ts gives each a tracked trader's place;
 * what they trade is the sandbox's own (activity.ts), not the captured figures.
 */

export interface PeerTrader {
  handle: string;
  userId?: string;
  wallets?: { solana: string; evm?: string };
  /** ISO creation time. */
  createdAt?: string;
  description?: string | null;
  verified?: boolean;
}

export const PEER_TRADERS: readonly PeerTrader[] = [
  // The captured 7d leaderboard's top five.
  {
    handle: 'ExactTallTakin',
    userId: 'd6a85eb5-d3fb-5b8a-8445-019af88ba512',
    wallets: { solana: 'AGdtsMmphhymH5wYW3dWKSkAxpLYRrNDCTFAfuq8ii9v', evm: '0x6434454a2f00b3dbbf714de40c71c86857f881a3' },
    createdAt: '2026-09-18T16:17:32.398Z',
    description: null,
    verified: false,
  },
  {
    handle: 'pricedin',
    userId: '27000f4b-0bc3-572b-a018-2d6e50c512e0',
    wallets: { solana: 'EU7FSVgkt8eZYV199enSCoQa3qoH6h6HP8v9BqpGDeG5', evm: '0x85d26724d4447a85ec1089b0a572c97f1ad476f3' },
    createdAt: '2025-10-31T14:58:46.460Z',
    description: 'fomo 2026 rising star\nX: @dpricedin',
    verified: false,
  },
  {
    handle: 'RareDualJay',
    userId: '91a44dd1-6d93-55d0-88c9-77695572c9b7',
    wallets: { solana: 'AXN4A7HNzncqzD9KGSbiSzE58vqvQmQxn8jhfYCKx9ai', evm: '0xd67d64afc4e0337613cd31bd76b69e9887b7d26c' },
    createdAt: '2026-07-16T17:43:20.777Z',
    description: 'who?',
    verified: false,
  },
  {
    handle: 'RunningClam',
    userId: '256c318f-ed5a-5484-b298-0dbacd8f48bf',
    wallets: { solana: 'Dx2HdT2RWCXqPGdH964JhzrSGdGMRQVY7n2jEYZt9njF', evm: '0xa8c6bdae9ba7e6371d839f4bdab94085b32c8c39' },
    createdAt: '2026-01-12T03:08:54.029Z',
    description: null,
    verified: false,
  },
  {
    handle: 'B3N_',
    userId: '02c943b0-ddbe-5e77-8f68-3710c3ff0a64',
    wallets: { solana: '9PB1RLFsp65qLJ1SQMmcx2ff8Zn6cPYkYqMCWUfVC3sc' },
    createdAt: '2026-09-03T11:57:55.000Z',
    description: null,
    verified: false,
  },
  // The captured comparison.
  {
    handle: 'frankdegods',
    userId: 'aefe2ddd-c580-5245-a2f5-e4ed62f7ef10',
    wallets: { solana: '498g1rVnFcnjBjpfw1xyqA1WvgQXUU8RWuELjxkjAayQ', evm: '0x696d1265c8fc4f14797abebfae3c43ebfa9d8e28' },
    verified: false,
  },
  // Tracked holders of the captured token analysis.
  { handle: 'lizzerd' },
  { handle: 'Skyygawd' },
  { handle: 'looc' },
  { handle: 'Arrrky1' },
  // Traders of the captured multi-trader matches.
  { handle: 'lokomonkeyy', userId: '65917ac7-00ed-5ade-8854-663dadde00e2' },
  { handle: 'pedrigavifrenki', userId: '991048a3-d556-5020-8895-8e9603f81f1c' },
  { handle: 'markdownfiles', userId: '7fc0659e-ce67-5c9c-a528-71b953598d6a' },
  { handle: 'comXon', userId: 'b2734727-4276-5068-af91-ac7eacda53a8' },
  { handle: 'Berboche', userId: '7776f175-5d94-5f62-b9a2-1d435b8cb5d1' },
  { handle: 'MajorLeagueKlassic', userId: '9955f175-ffbc-59cf-9d4f-efc9a2c6d62d' },
  { handle: 'SilkyAcuteStork', userId: '7213d1a5-08b0-5459-bae8-16c53cb6deac' },
  { handle: 'MusicandHope2', userId: '33d03442-c704-59a2-9b4b-b093d67b26b1' },
  { handle: 'FlawlessRegi', userId: '62ca3709-010e-5ef6-848d-181be8c0cf2f' },
  { handle: 'BANKAIxx', userId: '03b835ff-67c1-56fe-ac6e-e5309614eb64' },
  { handle: 'ZooZoo_Six9', userId: '2a50b639-29a5-545c-b5dc-a6deaecec29b' },
  { handle: 'StaticSoundHarrier', userId: '0efe48f0-ae13-5ac4-9bb4-c3d59ad310aa' },
  { handle: 'lemonades', userId: '90edbd02-04e4-559e-9dc2-5752202ed461' },
  { handle: 'foreclosure', userId: '50ecfdb0-60db-5b45-8ec7-ca748cf5fb8c' },
  { handle: 'jakerivers', userId: '831ec647-c667-59bc-a453-4d3a6b36da6e' },
  { handle: 'ChartTerrorist', userId: 'c052db2c-972e-570a-aa83-5e3d7b4fd21e' },
  { handle: 'nhien', userId: '51432c42-6dbc-57aa-bd4a-830a167fc9bc' },
  { handle: 'Mackimo', userId: '8db1ecd7-7297-59af-bc52-983de56bcf4d' },
  { handle: 'mrpunkdoteth', userId: 'b64979a2-c7cd-5dcc-9232-7e4c683c247f' },
  { handle: 'Hesoyam', userId: '8e4f207f-5542-5ffe-9d68-4c12e51345f1' },
  { handle: '0xLingard', userId: 'b3a9a5b7-c3c5-5e46-a89c-a787e369629d' },
  { handle: 'totoros', userId: '2caa0f06-04a2-5aa0-bc92-6f0e37e0b891' },
];
