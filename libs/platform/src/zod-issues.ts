import type { FieldIssue } from '@toll/contracts';
import type { z } from 'zod';

// One issue per field; unknown keys are named individually rather than reported against the whole object.
export const fieldIssues = (error: z.ZodError): FieldIssue[] =>
  error.issues.flatMap((i) => {
    const base = i.path.map(String);
    if (i.code === 'unrecognized_keys')
      return i.keys.map((k) => ({ field: [...base, k].join('.'), message: 'is not an accepted field' }));
    return [{ field: base.length ? base.join('.') : '(root)', message: i.message }];
  });
