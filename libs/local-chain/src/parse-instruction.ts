import { toBase58 } from '@toll/solana';
import type { ParsedInfo, RawInstruction } from './instruction-data';
import { parseAssociatedTokenInstruction } from './parse-associated-token';
import { parseSystemInstruction } from './parse-system';
import { parseTokenInstruction } from './parse-token';
import { ASSOCIATED_TOKEN_PROGRAM, MEMO_PROGRAMS, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './programs';

const PARSERS: Record<string, { program: string; parse: (ix: RawInstruction) => ParsedInfo | undefined }> = {
  [SYSTEM_PROGRAM]: { program: 'system', parse: parseSystemInstruction },
  [TOKEN_PROGRAM]: { program: 'spl-token', parse: parseTokenInstruction },
  [TOKEN_2022_PROGRAM]: { program: 'spl-token-2022', parse: parseTokenInstruction },
  [ASSOCIATED_TOKEN_PROGRAM]: { program: 'spl-associated-token-account', parse: parseAssociatedTokenInstruction },
};

// Memo data must be valid UTF-8, as agave's parse_memo_data requires.
export function memoText(data: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return undefined;
  }
}

// One instruction in jsonParsed form: parsed when agave would parse it, otherwise the partially decoded
// {programId, accounts, data} that agave emits for unknown programs and unparseable data.
export function parseInstruction(ix: RawInstruction, stackHeight: number | null): Record<string, unknown> {
  if (MEMO_PROGRAMS.has(ix.programId)) {
    const text = memoText(ix.data);
    if (text !== undefined) return { program: 'spl-memo', programId: ix.programId, parsed: text, stackHeight };
  }
  const parser = PARSERS[ix.programId];
  if (parser) {
    try {
      const parsed = parser.parse(ix);
      if (parsed) return { program: parser.program, programId: ix.programId, parsed, stackHeight };
    } catch {
      // malformed data or too few accounts: fall through to the raw form, like agave
    }
  }
  return { programId: ix.programId, accounts: ix.accounts, data: toBase58(ix.data), stackHeight };
}
