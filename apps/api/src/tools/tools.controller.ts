import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ToolAccess, type ScoutRequest } from '@scout/auth';
import { ToolGatewayService } from './tool-gateway.service';

/** The one controller behind every tool: GET takes query parameters, POST a JSON body. */
@Controller('api/v1/tools')
export class ToolsController {
  constructor(private readonly gateway: ToolGatewayService) {}

  @Get(':name')
  @ToolAccess()
  callWithQuery(@Req() req: ScoutRequest, @Res({ passthrough: true }) res: Response) {
    return this.gateway.call(req, res, 'query');
  }

  @Post(':name')
  @HttpCode(200)
  @ToolAccess()
  callWithBody(@Req() req: ScoutRequest, @Res({ passthrough: true }) res: Response) {
    return this.gateway.call(req, res, 'body');
  }
}
