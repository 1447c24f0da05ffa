import { Injectable } from '@nestjs/common';
import { TollError } from '@toll/contracts';

// Every provider the group can use, in the order it tries them (upstreams.md §15: REST summary + Action
// search/links first; Action extracts and morelike: search as fallbacks).
export const SOURCES = {
  search: {
    name: 'wikipedia-action/search',
    role: 'primary',
    used_for: 'resolve a question to a page',
    endpoint: '/w/api.php?list=search',
  },
  searchTitle: {
    name: 'wikipedia-rest/search-title',
    role: 'fallback',
    used_for: 'resolve a question to a page',
    endpoint: '/w/rest.php/v1/search/title',
  },
  summary: {
    name: 'wikipedia-rest/summary',
    role: 'primary',
    used_for: 'answer text',
    endpoint: '/api/rest_v1/page/summary/{title}',
  },
  extracts: {
    name: 'wikipedia-action/extracts',
    role: 'fallback',
    used_for: 'answer text',
    endpoint: '/w/api.php?prop=extracts',
  },
  links: {
    name: 'wikipedia-action/links',
    role: 'primary',
    used_for: 'related articles, disambiguation candidates',
    endpoint: '/w/api.php?generator=links',
  },
  moreLike: {
    name: 'wikipedia-action/morelike',
    role: 'fallback',
    used_for: 'related articles, disambiguation candidates',
    endpoint: '/w/api.php?gsrsearch=morelike:',
  },
} as const;
export type Source = (typeof SOURCES)[keyof typeof SOURCES];
export type SourceName = Source['name'];

export interface Step<T> {
  source: Source;
  run: () => Promise<T>;
}

export interface SourceOutcome {
  at: string;
  code: string;
  message: string;
}

// Runs providers in order until one answers, and remembers how each did last for the health route.
@Injectable()
export class SourceBoard {
  private readonly lastOk = new Map<SourceName, string>();
  private readonly lastError = new Map<SourceName, SourceOutcome>();

  async first<T>(steps: Step<T>[]): Promise<{ value: T; source: SourceName }> {
    const failures: Array<{ source: SourceName; code: string; message: string }> = [];
    for (const { source, run } of steps) {
      try {
        const value = await run();
        this.lastOk.set(source.name, new Date().toISOString());
        this.lastError.delete(source.name);
        return { value, source: source.name };
      } catch (e) {
        if (!(e instanceof TollError)) throw e;
        // "No such page" is an answer, not a provider failure: no fallback, nothing to report.
        if (e.code === 'NOT_FOUND') throw e;
        this.lastError.set(source.name, { at: new Date().toISOString(), code: e.code, message: e.message });
        failures.push({ source: source.name, code: e.code, message: e.message });
      }
    }
    // The last attempt decides the code: when it ran out of time the caller's deadline is what failed.
    const last = failures[failures.length - 1];
    const code = last?.code === 'UPSTREAM_TIMEOUT' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR';
    throw new TollError(
      code,
      `Wikipedia did not answer: ${failures.map((f) => `${f.source}: ${f.message}`).join('; ')}`,
      { upstreams: failures },
    );
  }

  report() {
    return Object.values(SOURCES).map((s) => {
      const error = this.lastError.get(s.name) ?? null;
      return {
        ...s,
        state: error ? ('failing' as const) : this.lastOk.has(s.name) ? ('ok' as const) : ('unused' as const),
        last_ok_at: this.lastOk.get(s.name) ?? null,
        last_error: error,
      };
    });
  }

  // Degraded while any primary's latest call failed (its fallback may still be answering).
  get degraded(): boolean {
    return Object.values(SOURCES).some((s) => s.role === 'primary' && this.lastError.has(s.name));
  }
}
