import { Controller, Delete, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { McpService } from './mcp.service';

// Streamable HTTP without sessions: every message is a POST; there is no server-initiated stream to GET or session to
// DELETE.
@Controller('mcp')
export class McpController {
  constructor(private readonly mcp: McpService) {}

  @Post()
  post(@Req() req: Request, @Res() res: Response) {
    return this.mcp.handle(req, res, res.locals.requestId as string);
  }

  @Get()
  get(@Res() res: Response) {
    notAllowed(res);
  }

  @Delete()
  delete(@Res() res: Response) {
    notAllowed(res);
  }
}

function notAllowed(res: Response) {
  res
    .status(405)
    .setHeader('Allow', 'POST')
    .json({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: 'Method not allowed: this MCP endpoint is stateless; send every message as a POST',
      },
      id: null,
    });
}
