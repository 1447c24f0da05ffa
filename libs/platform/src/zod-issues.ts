import type { FieldIssue } from '@toll/contracts';
import type { z } from 'zod';

export const fieldIssues = (error: z.ZodError): FieldIssue[] =>
  error.issues.map((i) => ({ field: i.path.length ? i.path.join('.') : '(root)', message: i.message }));
