import { All, Controller, Get, Head, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { MethodNotAllowedError } from '@scout/core';
import { ToolAccess, type ScoutRequest } from '@scout/auth';
import { ToolGatewayService } from './tool-gateway.service';

/** The methods a tool answers. */
export const TOOL_METHODS = ['GET', 'POST'] as const;

/**
 * The one controller behind every tool: GET takes query parameters, POST a JSON body; the gateway
 * writes the answer itself (so Nest does not reply). Any other method is 405 and runs nothing.
 * HEAD is declared before GET because Express would otherwise answer it with the GET handler,
 * running (and charging) the tool for a body nobody receives.
 */
@Controller('api/v1/tools')
export class ToolsController {
  constructor(private readonly gateway: ToolGatewayService) {}

  @Head(':name')
  @ToolAccess()
  refuseHead(): never {
    throw new MethodNotAllowedError('HEAD', TOOL_METHODS);
  }

  @Get(':name')
  @ToolAccess()
  callWithQuery(@Req() req: ScoutRequest, @Res() res: Response): Promise<void> {
    return this.gateway.call(req, res, 'query');
  }

  @Post(':name')
  @HttpCode(200)
  @ToolAccess()
  callWithBody(@Req() req: ScoutRequest, @Res() res: Response): Promise<void> {
    return this.gateway.call(req, res, 'body');
  }

  /** Declared last: GET and POST have matched above. OPTIONS never gets here (CORS answers it). */
  @All(':name')
  @ToolAccess()
  refuseOtherMethods(@Req() req: ScoutRequest): never {
    throw new MethodNotAllowedError(req.method, TOOL_METHODS);
  }
}
