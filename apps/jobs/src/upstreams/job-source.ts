import type { Posting } from '../postings';
import type { SourceId } from '../sources';

// What the refresher needs from a board: whether it may be asked, how often, and every current posting.
export interface JobSource {
  readonly id: SourceId;
  readonly enabled: boolean;
  readonly disabledReason: string | null;
  readonly baseUrl: string;
  readonly refreshMs: number;
  fetchAll(deadline: number): Promise<Posting[]>;
}
