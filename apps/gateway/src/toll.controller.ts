import { All, Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { TollService } from './toll.service';

// Every path not served by the docs controller: routed by the announced catalog, never by name.
@Controller()
export class TollController {
  constructor(private readonly toll: TollService) {}

  @All('*path')
  handle(@Req() req: Request, @Res() res: Response) {
    return this.toll.handle(req, res, res.locals.requestId as string);
  }
}

// The same handler under /toll/, registered before every other controller: an operation call then matches the first
// route instead of being tested against every docs, discovery and MCP route on its way to the catch-all.
@Controller('toll')
export class TollPrefixController extends TollController {}
