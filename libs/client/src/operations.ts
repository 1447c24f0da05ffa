// Generated from /openapi.json by tools/generate-client.js; do not edit. Regenerate when the catalog changes.
export interface Operations {
  "batch.checkpoint": {
    method: "POST";
    path: "/toll/batch/checkpoint";
    price: null;
    input: {
      voucher_id: string;
      /** The voucher's payer, base64 */
      payer: string;
      /** Atomic units this outcome concerns (settled: received; defaulted: lost; expired: unclaimed); at most the voucher amount */
      amount: number | string;
      status: "settled" | "defaulted" | "expired";
      /** Proves the reporter scored (accepted) this voucher */
      checkpoint_token: string;
    };
    output: {
      voucher_id: string;
      payer: string;
      amount: string;
      status: "settled" | "defaulted" | "expired";
      /** unchanged: the same outcome was already recorded (idempotent) */
      recorded: "created" | "unchanged";
      recorded_at: string;
    };
  };
  "batch.getHealth": {
    method: "GET";
    path: "/toll/batch/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      reason?: string;
      sources: Array<{
        name: string;
        role: string;
        ok: boolean;
      }>;
      scoring: {
        weights: {
          [key: string]: number;
        };
        thresholds: {
          [key: string]: number;
        };
        expiry: {
          [key: string]: number;
        };
        issued_at: {
          [key: string]: number;
        };
        history: {
          [key: string]: number;
        };
        reputation: {
          [key: string]: number;
        };
        new_payer_limit: string;
        signed_message: string;
      };
    };
  };
  "batch.getPayer": {
    method: "GET";
    path: "/toll/batch/payer/{address}";
    price: null;
    input: {
      /** Payer public key, base64 (percent-encode "/" and "+" in the path) */
      address: string;
    };
    output: {
      payer: string;
      /** Distinct vouchers with a valid signature scored here */
      vouchers_scored: number;
      outcomes: {
        settled: {
          count: number;
          amount: string;
        };
        defaulted: {
          count: number;
          amount: string;
        };
        expired: {
          count: number;
          amount: string;
        };
      };
      /** Distinct wallets that reported outcomes */
      reporters: number;
      first_seen_at: string | null;
      last_outcome_at: string | null;
      largest_settled: string | null;
      /** The reputation factor the scorer would use now (0-1, 0.5 with no history) */
      reputation_risk: number;
    };
  };
  "batch.score": {
    method: "POST";
    path: "/toll/batch/score";
    price: {"per":"call","usd":"0.005"};
    input: {
      voucher: {
        /** Payer Ed25519 public key, base64 (32 bytes) */
        payer: string;
        /** Atomic units of the settlement asset (USDC: 6 decimals, so 1000000 is 1 USDC); a JSON integer or a decimal string */
        amount: number | string;
        /** Unique per payer: a string (1-128 printable ASCII, no spaces) or a non-negative integer */
        nonce: string | number;
        /** When the voucher can no longer be claimed, unix seconds */
        expiry: number;
        /** When the payer signed it, unix seconds */
        issued_at: number;
        /** Ed25519 signature by payer, base64, over six UTF-8 lines joined by "\n" with no trailing newline: toll-batch-voucher:v1, payer:<payer as sent>, amount:<decimal integer>, nonce:<nonce>, expiry:<unix seconds>, issued_at:<unix seconds> */
        signature: string;
      };
    };
    output: {
      /** Hex SHA-256 of the canonical message; name the voucher with it in checkpoints */
      voucher_id: string;
      payer: string;
      /** Atomic units */
      amount: string;
      /** Settlement risk 0-100: 0 safest */
      score: number;
      verdict: "accept" | "accept-with-limit" | "reject";
      /** Atomic units of unclaimed value this voucher is safe to serve against (0 on reject) */
      max_safe_exposure: string;
      /** Claim on chain before this time (expiry less the minimum settlement margin); null when rejected */
      claim_by: string | null;
      factors: Array<{
        factor: "signature" | "nonce_reuse" | "expiry" | "issued_at" | "amount_vs_history" | "reputation";
        weight: number;
        /** Risk 0-1 */
        value: number;
        /** weight × value, rounded; the score is their sum */
        points: number;
        /** true: rejects the voucher whatever the rest says */
        blocking: boolean;
        evidence: string;
      }>;
      /** Only for a valid signature: send it with the outcome (POST /toll/batch/checkpoint). Shown once */
      checkpoint_token: string | null;
      scored_at: string;
    };
  };
  "books.getBatch": {
    method: "POST";
    path: "/toll/books/batch";
    price: {"per":"call","usd":"0.02"};
    input: {
      /** 1-20 ISBNs (10 or 13 digits); duplicates, including an ISBN-10 and its ISBN-13, are answered once */
      isbns: Array<string>;
    };
    output: {
      /** Distinct ISBN-13s asked for */
      requested: number;
      found: number;
      results: Array<{
        /** The inputs that name this book, as given */
        isbns: Array<string>;
        isbn_13: string;
        /** unavailable: every source that could know it failed */
        status: "found" | "not_found" | "unavailable";
        book: {
          /** The ISBN-13 asked for (an ISBN-10 is converted) */
          isbn_13: string;
          /** Its ISBN-10, when it has one (978 prefix only) */
          isbn_10: string | null;
          title: string | null;
          subtitle: string | null;
          authors: Array<{
            name: string;
            /** Open Library author id, when the author came from Open Library */
            id: string | null;
          }>;
          publishers: Array<string>;
          /** Publication date as the source writes it (e.g. '2017', 'July 28, 2008', '2013-08-20') */
          publish_date: string | null;
          pages: number | null;
          /** MARC 21 language codes (eng, fre, ger, …); a Google Books ISO 639-1 code is converted where known */
          languages: Array<string>;
          subjects: Array<string>;
          description: string | null;
          /** Cover image URLs; image rights vary by cover */
          cover: {
            small: string | null;
            medium: string | null;
            large: string | null;
          } | null;
          identifiers: {
            isbn_10: Array<string>;
            isbn_13: Array<string>;
            oclc: Array<string>;
            lccn: Array<string>;
            /** Open Library edition id (OL…M) */
            openlibrary: string | null;
            /** Google Books volume id */
            google_books: string | null;
          };
          /** The Open Library work (all editions of the book) this edition belongs to */
          work: {
            id: string;
            url: string;
          } | null;
          links: {
            openlibrary: string | null;
            google_books: string | null;
          };
          /** Which source each descriptive field came from; Open Library first, Google Books fills what it lacks; null when neither has it */
          field_sources: {
            [key: string]: "open-library" | "google-books" | null;
          };
        } | null;
      }>;
      sources: Array<{
        name: "open-library" | "google-books";
        /** What this source said for this call; skipped when it was not needed or is disabled */
        outcome: "found" | "not_found" | "failed" | "skipped";
        error: string | null;
        /** Upstream requests made for this call (0 when answered from cache) */
        requests: number;
      }>;
      /** Credit to show wherever the data is used */
      attribution: Array<string>;
      freshness: {
        /** ISO time the oldest part of this answer was fetched from its source */
        as_of: string;
        /** True when a source failed and an older cached answer is served instead */
        stale: boolean;
        /** Why stale data was served; null when fresh */
        reason: string | null;
      };
    };
  };
  "books.getBook": {
    method: "GET";
    path: "/toll/books/book";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** ISBN-10 or ISBN-13, hyphens optional; the check digit is verified before payment and an ISBN-10 is converted to ISBN-13 */
      isbn: string;
    };
    output: {
      query: {
        isbn: string;
      };
      book: {
        /** The ISBN-13 asked for (an ISBN-10 is converted) */
        isbn_13: string;
        /** Its ISBN-10, when it has one (978 prefix only) */
        isbn_10: string | null;
        title: string | null;
        subtitle: string | null;
        authors: Array<{
          name: string;
          /** Open Library author id, when the author came from Open Library */
          id: string | null;
        }>;
        publishers: Array<string>;
        /** Publication date as the source writes it (e.g. '2017', 'July 28, 2008', '2013-08-20') */
        publish_date: string | null;
        pages: number | null;
        /** MARC 21 language codes (eng, fre, ger, …); a Google Books ISO 639-1 code is converted where known */
        languages: Array<string>;
        subjects: Array<string>;
        description: string | null;
        /** Cover image URLs; image rights vary by cover */
        cover: {
          small: string | null;
          medium: string | null;
          large: string | null;
        } | null;
        identifiers: {
          isbn_10: Array<string>;
          isbn_13: Array<string>;
          oclc: Array<string>;
          lccn: Array<string>;
          /** Open Library edition id (OL…M) */
          openlibrary: string | null;
          /** Google Books volume id */
          google_books: string | null;
        };
        /** The Open Library work (all editions of the book) this edition belongs to */
        work: {
          id: string;
          url: string;
        } | null;
        links: {
          openlibrary: string | null;
          google_books: string | null;
        };
        /** Which source each descriptive field came from; Open Library first, Google Books fills what it lacks; null when neither has it */
        field_sources: {
          [key: string]: "open-library" | "google-books" | null;
        };
      };
      sources: Array<{
        name: "open-library" | "google-books";
        /** What this source said for this call; skipped when it was not needed or is disabled */
        outcome: "found" | "not_found" | "failed" | "skipped";
        error: string | null;
      }>;
      /** Credit to show wherever the data is used */
      attribution: Array<string>;
      freshness: {
        /** ISO time the oldest part of this answer was fetched from its source */
        as_of: string;
        /** True when a source failed and an older cached answer is served instead */
        stale: boolean;
        /** Why stale data was served; null when fresh */
        reason: string | null;
      };
    };
  };
  "books.getHealth": {
    method: "GET";
    path: "/toll/books/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: Array<{
        name: "open-library" | "google-books";
        role: string;
        enabled: boolean;
        licence: string;
        terms: string;
        /** Outcome of the latest call */
        state: "ok" | "failing" | "unknown" | "disabled";
        last_ok_at: string | null;
        last_error_at: string | null;
        last_error: string | null;
      }>;
      cache: {
        entries: number;
        hits: number;
        misses: number;
        stale: number;
        errors: number;
      };
    };
  };
  "books.search": {
    method: "GET";
    path: "/toll/books/search";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Free text matched against titles, authors and subjects */
      q?: string;
      /** Words in the title */
      title?: string;
      /** Author name */
      author?: string;
      /** Subject, e.g. "science fiction" */
      subject?: string;
      /** Results to return (1-40) */
      limit?: number;
    };
    output: {
      query: {
        q: string | null;
        title: string | null;
        author: string | null;
        subject: string | null;
        limit: number;
      };
      source: "open-library" | "google-books";
      /** True when Open Library failed and Google Books answered */
      fallback: boolean;
      fallback_reason: string | null;
      /** Matches the source reports in all */
      total: number;
      count: number;
      results: Array<{
        title: string;
        subtitle: string | null;
        authors: Array<string>;
        /** Open Library: first publication of the work; Google Books: year of this edition */
        first_publish_year: number | null;
        edition_count: number | null;
        /** Up to 10 ISBNs of editions, ISBN-13 first; look one up with books.getBook */
        isbns: Array<string>;
        languages: Array<string>;
        /** Up to 10 */
        subjects: Array<string>;
        cover: {
          small: string | null;
          medium: string | null;
          large: string | null;
        } | null;
        work: {
          id: string;
          url: string;
        } | null;
        link: string;
      }>;
      /** Credit to show wherever the data is used */
      attribution: Array<string>;
      freshness: {
        /** ISO time the oldest part of this answer was fetched from its source */
        as_of: string;
        /** True when a source failed and an older cached answer is served instead */
        stale: boolean;
        /** Why stale data was served; null when fresh */
        reason: string | null;
      };
    };
  };
  "bridge.getBridges": {
    method: "GET";
    path: "/toll/bridge/bridges";
    price: null;
    input: Record<string, never>;
    output: {
      /** What every bridge is scored on, so the list compares like with like */
      reference: string;
      bridges: Array<{
        rank: number;
        bridge: {
          id: string;
          name: string;
          category: string;
        };
        route: {
          from_chain: string;
          to_chain: string;
          token: string;
        };
        score: number;
        grade: "A" | "B" | "C" | "D";
        factors: {
          security: number;
          liquidity: number | null;
          incidents: number;
        };
        last_incident: {
          date: string;
          days_since: number;
          lost_usd: number;
          returned_usd: number;
        } | null;
        table_row: {
          source: string;
          reviewed: string;
        };
      }>;
      freshness: {
        as_of: string;
        stale: boolean;
        reason?: string;
      };
    };
  };
  "bridge.getHealth": {
    method: "GET";
    path: "/toll/bridge/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      bridges: Array<{
        id: string;
        name: string;
        reviewed: string;
        source: string;
      }>;
      chains: Array<{
        id: string;
        name: string;
        aliases: Array<string>;
      }>;
      sources: Array<{
        id: string;
        base_url: string;
        terms: string;
        last_success_at: string | null;
        last_failure: {
          at: string;
          code: string;
          message: string;
        } | null;
      }>;
    };
  };
  "bridge.getIncidents": {
    method: "GET";
    path: "/toll/bridge/incidents";
    price: null;
    input: {
      /** Only this bridge’s incidents (aliases accepted) */
      bridge?: string;
      /** On or after this date (YYYY-MM-DD) */
      since?: string;
      /** On or before this date (YYYY-MM-DD) */
      until?: string;
      /** At most this many, newest first (1-100, default 20) */
      limit?: number;
    };
    output: {
      /** Incidents matching the filters (before the limit) */
      count: number;
      incidents: Array<{
        date: string;
        name: string;
        /** The curated bridge it belongs to, when known */
        bridge_id: string | null;
        amount_usd: number | null;
        returned_usd: number | null;
        classification: string | null;
        technique: string | null;
        chains: Array<string>;
        source: string | null;
      }>;
      attribution: string;
      freshness: {
        as_of: string;
        stale: boolean;
        reason?: string;
      };
    };
  };
  "bridge.score": {
    method: "POST";
    path: "/toll/bridge/score";
    price: {"per":"call","usd":"0.01"};
    input: {
      /** Bridge: e.g. wormhole / portal, cctp, stargate, across, arbitrum bridge */
      bridge: string;
      /** Source chain: e.g. ethereum / eth / mainnet, arbitrum / arb, solana / sol */
      from_chain: string;
      /** Destination chain, same spellings as from_chain */
      to_chain: string;
      /** Token symbol to move, e.g. USDC */
      token: string;
      /** Amount to move, in USD */
      amount_usd: number;
    };
    output: {
      bridge: {
        id: string;
        name: string;
        category: string;
      };
      route: {
        from_chain: string;
        to_chain: string;
        token: string;
        amount_usd: number;
      };
      /** false: the bridge does not connect these chains (or carry this token); no score is given */
      serves_route: boolean;
      reason: string | null;
      /** Curated bridges that do serve this route and token */
      alternatives: Array<{
        id: string;
        name: string;
      }>;
      /** 0-100, weighted total of the factors */
      score: number | null;
      grade: "A" | "B" | "C" | "D" | null;
      factors: Array<{
        name: "security" | "liquidity" | "incidents";
        weight: number;
        /** 0-100; null when unknown (its weight is then shared by the others) */
        value: number | null;
        evidence: Array<string>;
      }>;
      last_incident: {
        date: string;
        days_since: number;
        lost_usd: number;
        returned_usd: number;
      } | null;
      /** Where the structural columns come from and when they were last checked */
      table_row: {
        source: string;
        reviewed: string;
      };
      freshness: {
        as_of: string;
        stale: boolean;
        reason?: string;
      } | null;
      notes: Array<string>;
    };
  };
  "company.getHealth": {
    method: "GET";
    path: "/toll/company/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: Array<{
        id: string;
        base_url: string;
        license: string;
        terms: string;
        last_success_at: string | null;
        last_failure: {
          at: string;
          code: string;
          message: string;
        } | null;
      }>;
      governor: {
        sec: "shared" | "per-process";
        gleif: "shared" | "per-process";
        sec_rate_per_second: number;
      };
      cache: {
        entries: number;
        hits: number;
        misses: number;
        stale: number;
        errors: number;
      };
    };
  };
  "company.getSnapshot": {
    method: "GET";
    path: "/toll/company/snapshot";
    price: {"per":"call","usd":"0.02"};
    input: {
      /** US ticker symbol, e.g. AAPL or BRK.B */
      ticker?: string;
      /** SEC Central Index Key, e.g. 320193 or 0000320193 */
      cik?: string;
      /** Legal Entity Identifier, 20 characters, e.g. HWUPKR0MPOU8FGXBT394 */
      lei?: string;
      /** Company name; must match one company exactly (ignoring case, punctuation and legal form), else use company.search */
      name?: string;
    };
    output: {
      /** Legal name (SEC conformed name for SEC filers, else GLEIF legal name) */
      name: string;
      identifiers: {
        ticker: string | null;
        tickers: Array<string>;
        exchanges: Array<string>;
        /** Zero-padded to 10 digits */
        cik: string | null;
        lei: string | null;
        /** ISINs GLEIF links to the LEI (at most 10) */
        isins: Array<string>;
        ein: string | null;
        wikidata: string | null;
      };
      /** SEC Standard Industrial Classification */
      industry: {
        sic: string;
        description: string | null;
      } | null;
      /** GLEIF jurisdiction (ISO 3166, e.g. US-DE), else the SEC state of incorporation */
      jurisdiction: string | null;
      /** GLEIF legal form: ISO 20275 ELF code */
      legal_form: {
        elf_code: string | null;
        other: string | null;
      } | null;
      /** GLEIF entity status (ACTIVE, INACTIVE) and LEI registration status (ISSUED, LAPSED, …) */
      status: {
        entity: string | null;
        lei_registration: string;
      } | null;
      /** MM-DD */
      fiscal_year_end: string | null;
      /** business and mailing from SEC, legal and headquarters from GLEIF: {lines, city, region, postal_code, country} or null */
      addresses: {
        [key: string]: {
          lines: Array<string>;
          city: string | null;
          region: string | null;
          postal_code: string | null;
          country: string | null;
        } | null;
      };
      /** Accounting parents reported to GLEIF; null without an LEI */
      parents: {
        direct: {
          lei: string;
          name: string;
        } | null;
        ultimate: {
          lei: string;
          name: string;
        } | null;
      } | null;
      /** Latest fiscal-year figures from SEC XBRL (null for non-SEC filers), each null or {value (exact decimal string), unit, concept, period {start, end, days}, fiscal_year, fiscal_period, form, accession_number, filed, filing_index_url, classes_summed} */
      key_financials: {
        [key: string]: {
          value: string;
          unit: string;
          concept: string;
          period: {
            start: string | null;
            end: string;
            days: number | null;
          };
          fiscal_year: number | null;
          fiscal_period: string | null;
          form: string;
          accession_number: string;
          filed: string;
          filing_index_url: string;
          classes_summed: number | null;
        } | null;
      } | null;
      /** Wikidata short description (CC0), else SEC */
      description: {
        text: string;
        source: string;
        url: string;
        license: string;
      } | null;
      /** SEC, else Wikidata official website */
      website: string | null;
      /** English Wikipedia article (text CC BY-SA: link, not reproduced) */
      wikipedia: string | null;
      former_names: Array<{
        name: string;
        from: string | null;
        to: string | null;
      }>;
      /** How the SEC and GLEIF records were joined */
      links: {
        lei_from: "sec" | "gleif-legal-name" | "input" | null;
        cik_from: "input" | "ticker" | "name" | "gleif-legal-name" | null;
      };
      sources: Array<{
        id: string;
        license: string;
        /** When the data was fetched from the source (ISO 8601 UTC) */
        as_of: string;
        /** true when the source could not be reached and an older cached answer is served */
        stale: boolean;
        reason?: string;
      }>;
      /** The oldest of the sources used; stale when any is */
      freshness: {
        /** When the data was fetched from the source (ISO 8601 UTC) */
        as_of: string;
        /** true when the source could not be reached and an older cached answer is served */
        stale: boolean;
        reason?: string;
      };
    };
  };
  "company.search": {
    method: "GET";
    path: "/toll/company/search";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Company name or part of it, e.g. "alphabet" or "berkshire hath" */
      q: string;
      /** Most candidates to return, 1-20 (default 10) */
      limit?: number;
    };
    output: {
      query: string;
      count: number;
      candidates: Array<{
        name: string;
        ticker: string | null;
        cik: string | null;
        lei: string | null;
        /** 0-1, higher is a closer match */
        score: number;
        /** Why this candidate matched */
        reasons: Array<string>;
      }>;
      sources: Array<{
        id: string;
        ok: boolean;
        as_of: string | null;
        stale: boolean;
        error: string | null;
      }>;
    };
  };
  "data.getBundle": {
    method: "GET";
    path: "/api/data";
    price: {"per":"call","usd":"0.05"};
    input: {
      /** Comma-separated subset of prices, yields, rates, staking (default: all); unknown names are ignored */
      include?: string;
    };
    output: {
      /** When this response was assembled */
      updated: string;
      /** Crypto prices, refreshed about every 30 minutes */
      prices?: {
        items: Array<{
          symbol: string;
          name: string;
          /** USD price as a decimal string, exactly as the provider gave it */
          usd: string;
          /** 24 h change in percent, 4 decimals (CoinGecko only) */
          change_24h_pct?: string;
          /** The provider's observation time */
          as_of: string;
          source: "coingecko" | "pyth";
        }>;
        /** When the section data was fetched */
        as_of: string;
      } | {
        stale: true;
        data: null;
        /** When the last good data was fetched; null if never */
        as_of: string | null;
        reason: string;
      };
      /** ETF distribution yields */
      yields?: {
        items: Array<{
          ticker: string;
          /** Last price in USD used for the yields */
          price: string;
          price_source: "nasdaq" | "polygon";
          /** Inferred from the spacing of the last 24 months of regular ex-dates */
          frequency: "monthly" | "quarterly" | "semiannual" | "annual" | "irregular";
          distributions_per_year: number | null;
          last_distribution: {
            ex_date: string;
            pay_date: string | null;
            /** USD per share */
            amount: string;
          } | null;
          /** USD per share with an ex-date in the last 365 days */
          ttm_distributions: string;
          /** Trailing-12-month distributions ÷ price, in percent, 2 decimals */
          ttm_yield_pct: string;
          /** Latest regular distribution × payments per year ÷ price, in percent; null when irregular */
          forward_yield_pct: string | null;
          /** When the distribution history was fetched */
          distributions_as_of: string;
          /** Provider of the distribution history */
          source: "nasdaq" | "polygon";
        }>;
        /** When the section data was fetched */
        as_of: string;
      } | {
        stale: true;
        data: null;
        /** When the last good data was fetched; null if never */
        as_of: string | null;
        reason: string;
      };
      /** Verified bank rates: FDIC national averages */
      rates?: {
        items: Array<{
          institution: string;
          product: string;
          /** Annual percentage yield in percent */
          apy: string;
          /** Observation date (YYYY-MM-DD) of the FDIC figure */
          as_of?: string;
          source: "fred" | "fred-csv";
          /** FRED series id */
          series_id: string;
          /** Public page of the series, for verification */
          source_url: string;
        }>;
        /** When the section data was fetched */
        as_of: string;
      } | {
        stale: true;
        data: null;
        /** When the last good data was fetched; null if never */
        as_of: string | null;
        reason: string;
      };
      /** Staking yields of liquid staking tokens */
      staking?: {
        items: Array<{
          asset: string;
          chain: string;
          project: string;
          /** Annual percentage yield in percent, 4 decimals */
          apy: string;
          source: "defillama" | "jito" | "marinade";
        }>;
        /** When the section data was fetched */
        as_of: string;
      } | {
        stale: true;
        data: null;
        /** When the last good data was fetched; null if never */
        as_of: string | null;
        reason: string;
      };
    };
  };
  "data.getHealth": {
    method: "GET";
    path: "/toll/data/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      /** degraded when a section went stale or its last load failed */
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sections: {
        prices: {
          state: "fresh" | "stale" | "missing";
          as_of: string | null;
          source: string | null;
          /** How long fetched data counts as fresh */
          fresh_for_ms: number;
          last_error: string | null;
        };
        yields: {
          state: "fresh" | "stale" | "missing";
          as_of: string | null;
          source: string | null;
          /** How long fetched data counts as fresh */
          fresh_for_ms: number;
          last_error: string | null;
        };
        rates: {
          state: "fresh" | "stale" | "missing";
          as_of: string | null;
          source: string | null;
          /** How long fetched data counts as fresh */
          fresh_for_ms: number;
          last_error: string | null;
        };
        staking: {
          state: "fresh" | "stale" | "missing";
          as_of: string | null;
          source: string | null;
          /** How long fetched data counts as fresh */
          fresh_for_ms: number;
          last_error: string | null;
        };
      };
      /** Why the bundle costs what tolls says (the spec conflicts), and how to change it */
      price_note: string;
      prices_refresh_ms: number;
      etf_tickers: Array<string>;
      /** Which optional providers are configured */
      providers: {
        [key: string]: boolean;
      };
      cache: {
        entries: number;
        hits: number;
        misses: number;
        stale: number;
        errors: number;
      };
    };
  };
  "data.getSchema": {
    method: "GET";
    path: "/api/data/schema";
    price: null;
    input: Record<string, never>;
    output: {
      [key: string]: unknown;
    };
  };
  "devutils.convertColor": {
    method: "GET";
    path: "/toll/devutils/color/convert";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Hex colour, "#" optional (encode it as %23 in a query): RGB, RGBA, RRGGBB or RRGGBBAA */
      hex?: string;
      /** "r,g,b" with integers 0-255 */
      rgb?: string;
      /** "h,s,l" with h 0-360 and s, l 0-100 (a "%" suffix is allowed) */
      hsl?: string;
    };
    output: {
      hex: string;
      rgb: {
        r: number;
        g: number;
        b: number;
        string: string;
      };
      hsl: {
        h: number;
        s: number;
        l: number;
        string: string;
      };
      alpha: number;
      /** Which input was converted; "random" when none was given (a random opaque colour) */
      source: "hex" | "rgb" | "hsl" | "random";
    };
  };
  "devutils.convertTime": {
    method: "POST";
    path: "/toll/devutils/time/convert";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** ISO 8601 (e.g. "2026-03-08T02:30:00") or "YYYY-MM-DD HH:mm[:ss]"; without an offset it is a wall-clock time in from_tz */
      time: string;
      /** Zone the time is given in: an IANA time zone name such as "Europe/Berlin" or "UTC" */
      from_tz: string;
      /** Zone to convert to: an IANA time zone name such as "Europe/Berlin" or "UTC" */
      to_tz: string;
    };
    output: {
      from: {
        /** Canonical IANA zone name */
        timezone: string;
        /** ISO 8601 local time with UTC offset */
        iso: string;
        /** UTC offset, e.g. "+02:00" */
        offset: string;
        is_dst: boolean;
      };
      to: {
        /** Canonical IANA zone name */
        timezone: string;
        /** ISO 8601 local time with UTC offset */
        iso: string;
        /** UTC offset, e.g. "+02:00" */
        offset: string;
        is_dst: boolean;
      };
      utc: string;
      epoch_ms: number;
      /** Set when the time fell in a DST gap or overlap, or carried its own offset */
      note: string | null;
    };
  };
  "devutils.convertUnits": {
    method: "GET";
    path: "/toll/devutils/units/convert";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Unit to convert from, case-sensitive. length: mm cm m km in yd ft-us ft mi; weight: mcg mg g kg mt oz lb t; temperature: C K F R; volume: mm3 cm3 ml cl dl l kl m3 km3 krm tsk msk kkp glas kanna tsp Tbs in3 fl-oz cup pnt qt gal ft3 yd3; data: b Kb Mb Gb Tb B KB MB GB TB (binary, 1 KB = 1024 B); speed: m/s km/h m/h (miles per hour) knot ft/s */
      from: "mm" | "cm" | "m" | "km" | "in" | "yd" | "ft-us" | "ft" | "mi" | "mcg" | "mg" | "g" | "kg" | "mt" | "oz" | "lb" | "t" | "C" | "K" | "F" | "R" | "mm3" | "cm3" | "ml" | "cl" | "dl" | "l" | "kl" | "m3" | "km3" | "krm" | "tsk" | "msk" | "kkp" | "glas" | "kanna" | "tsp" | "Tbs" | "in3" | "fl-oz" | "cup" | "pnt" | "qt" | "gal" | "ft3" | "yd3" | "b" | "Kb" | "Mb" | "Gb" | "Tb" | "B" | "KB" | "MB" | "GB" | "TB" | "m/s" | "km/h" | "m/h" | "knot" | "ft/s";
      /** Unit to convert to, in the same category as from */
      to: "mm" | "cm" | "m" | "km" | "in" | "yd" | "ft-us" | "ft" | "mi" | "mcg" | "mg" | "g" | "kg" | "mt" | "oz" | "lb" | "t" | "C" | "K" | "F" | "R" | "mm3" | "cm3" | "ml" | "cl" | "dl" | "l" | "kl" | "m3" | "km3" | "krm" | "tsk" | "msk" | "kkp" | "glas" | "kanna" | "tsp" | "Tbs" | "in3" | "fl-oz" | "cup" | "pnt" | "qt" | "gal" | "ft3" | "yd3" | "b" | "Kb" | "Mb" | "Gb" | "Tb" | "B" | "KB" | "MB" | "GB" | "TB" | "m/s" | "km/h" | "m/h" | "knot" | "ft/s";
      /** Amount in the from unit */
      value: number;
    };
    output: {
      category: "length" | "weight" | "temperature" | "volume" | "data" | "speed";
      value: number;
      from: {
        unit: string;
        name: string;
      };
      to: {
        unit: string;
        name: string;
      };
      /** Rounded to 10 significant digits */
      result: number;
      note: string | null;
    };
  };
  "devutils.decodeBase64": {
    method: "POST";
    path: "/toll/devutils/decode/base64";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Base64 (standard or URL-safe alphabet, padding optional, line breaks ignored) */
      text: string;
    };
    output: {
      /** The bytes read as UTF-8 (invalid sequences become U+FFFD) */
      text: string;
      valid_utf8: boolean;
      bytes: number;
      /** The raw bytes in hex when they are not valid UTF-8 */
      hex: string | null;
    };
  };
  "devutils.decodeJwt": {
    method: "POST";
    path: "/toll/devutils/jwt/decode";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** A JWT in compact serialization (header.payload.signature) */
      token: string;
    };
    output: {
      header: {
        [key: string]: unknown;
      };
      payload: {
        [key: string]: unknown;
      };
      /** The signature segment as given (base64url) */
      signature: string;
      /** Always false: this operation never verifies signatures */
      signature_verified: false;
      note: string;
      claims: {
        /** iat as ISO 8601 */
        issued_at: string | null;
        /** nbf as ISO 8601 */
        not_before: string | null;
        /** exp as ISO 8601 */
        expires_at: string | null;
      };
      /** Whether exp has passed; null without exp */
      expired: boolean | null;
    };
  };
  "devutils.encodeBase64": {
    method: "POST";
    path: "/toll/devutils/encode/base64";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Text to encode; its UTF-8 bytes are encoded */
      text: string;
    };
    output: {
      /** Standard alphabet, padded */
      base64: string;
      /** UTF-8 byte length of the input */
      bytes: number;
    };
  };
  "devutils.formatJson": {
    method: "POST";
    path: "/toll/devutils/json/format";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** JSON document to pretty-print */
      text: string;
      /** Spaces per level; 0 gives compact output */
      indent?: number;
    };
    output: {
      /** Numbers are re-serialized as IEEE 754 doubles; of duplicate keys the last wins */
      formatted: string;
      root_type: "object" | "array" | "string" | "number" | "boolean" | "null";
    };
  };
  "devutils.genPassword": {
    method: "GET";
    path: "/toll/devutils/gen/password";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Password length in characters (4-128) */
      length?: number;
    };
    output: {
      /** Has at least one lower-case letter, upper-case letter, digit and symbol */
      password: string;
      length: number;
      /** The symbol set the password draws from */
      symbols: string;
    };
  };
  "devutils.genToken": {
    method: "GET";
    path: "/toll/devutils/gen/token";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Number of random bytes (1-256) */
      bytes?: number;
    };
    output: {
      /** Random bytes in lower-case hex (2 characters per byte) */
      token: string;
      bytes: number;
      encoding: "hex";
    };
  };
  "devutils.genUuid": {
    method: "GET";
    path: "/toll/devutils/gen/uuid";
    price: {"per":"call","usd":"0.005"};
    input: Record<string, never>;
    output: {
      uuid: string;
      version: 4;
    };
  };
  "devutils.getHealth": {
    method: "GET";
    path: "/toll/devutils/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
    };
  };
  "devutils.getIp": {
    method: "GET";
    path: "/toll/devutils/ip";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Address to look up (IPv4 or IPv6); without it the caller's own address is used */
      ip?: string;
    };
    output: {
      /** The address looked up (IPv4-mapped IPv6 addresses are shown as IPv4) */
      ip: string;
      source: "caller" | "query";
      version: 4 | 6 | null;
      found: boolean;
      /** Why nothing was found (private, loopback, link-local, reserved or unknown address) */
      reason: string | null;
      country: {
        code: string;
        name: string | null;
      } | null;
      region: string | null;
      city: string | null;
      /** City-level, rounded to 4 decimals */
      latitude: number | null;
      longitude: number | null;
      /** IANA zone derived from the coordinates */
      timezone: string | null;
      asn: {
        number: number;
        org: string;
      } | null;
      /** Data licences; the DB-IP credit and link must be shown wherever results are used */
      attribution: Array<{
        covers: "location" | "asn";
        text: string;
        url: string;
        license: string;
      }>;
    };
  };
  "devutils.getTimeNow": {
    method: "GET";
    path: "/toll/devutils/time/now";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Time zone to show the time in: an IANA time zone name such as "Europe/Berlin" or "UTC" */
      tz?: string;
    };
    output: {
      /** Canonical IANA zone name */
      timezone: string;
      /** ISO 8601 local time with UTC offset */
      iso: string;
      /** UTC offset, e.g. "+02:00" */
      offset: string;
      is_dst: boolean;
      utc: string;
      epoch_ms: number;
      epoch_seconds: number;
    };
  };
  "devutils.hashMd5": {
    method: "POST";
    path: "/toll/devutils/hash/md5";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Text to hash; its UTF-8 bytes are hashed */
      text: string;
    };
    output: {
      algorithm: "sha256" | "md5";
      /** Lower-case hex digest */
      digest: string;
      /** UTF-8 byte length of the input */
      bytes: number;
    };
  };
  "devutils.hashSha256": {
    method: "POST";
    path: "/toll/devutils/hash/sha256";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Text to hash; its UTF-8 bytes are hashed */
      text: string;
    };
    output: {
      algorithm: "sha256" | "md5";
      /** Lower-case hex digest */
      digest: string;
      /** UTF-8 byte length of the input */
      bytes: number;
    };
  };
  "devutils.parseCron": {
    method: "GET";
    path: "/toll/devutils/cron/parse";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Cron expression: 5 fields, or 6 with seconds first; @daily-style aliases allowed */
      expr: string;
      /** Zone the schedule runs in: an IANA time zone name such as "Europe/Berlin" or "UTC" */
      tz?: string;
    };
    output: {
      expr: string;
      timezone: string;
      /** English description (24-hour clock) */
      description: string;
      /** The next 5 runs, ISO 8601 in UTC */
      next: Array<string>;
      /** The same runs as local times in the schedule zone */
      next_local: Array<string>;
    };
  };
  "devutils.validateJson": {
    method: "POST";
    path: "/toll/devutils/json/validate";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** JSON document to check */
      text: string;
    };
    output: {
      valid: boolean;
      /** Type of the top-level value when valid */
      root_type?: "object" | "array" | "string" | "number" | "boolean" | "null";
      /** Where parsing failed when invalid */
      error?: {
        message: string;
        /** 1-based */
        line: number;
        /** 1-based, in UTF-16 code units */
        column: number;
        /** 0-based offset in UTF-16 code units */
        position: number;
      };
    };
  };
  "discovery.getHealth": {
    method: "GET";
    path: "/toll/discovery/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: {
        toll_catalog: {
          available: boolean;
          items: number;
          as_of: string | null;
          stale: boolean;
          reason?: string;
        };
        index: {
          available: boolean;
          items: number;
          as_of: string | null;
          stale: boolean;
          reason?: string;
        };
        registry: {
          available: boolean;
          items: number;
          as_of: string | null;
          stale: boolean;
          reason?: string;
        };
      };
      index: {
        documents: number;
        toll_routes: number;
        index_entries: number;
        registry_listings: number;
        groups: Array<string>;
      };
      catalog: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
    };
  };
  "discovery.match": {
    method: "POST";
    path: "/toll/discovery/match";
    price: {"per":"call","usd":"0.02"};
    input: {
      /** The task in plain language (3-500 characters) */
      task: string;
      /** Ceiling in USD on the smallest payment the caller must make: the price of one call, or of a whole block for a block price (a $0.01 block of 1000 calls does not pass 0.005). Tools above it, or whose price is not stated, are left out */
      max_price?: number;
      /** Number of results, 1-20 (default 5) */
      limit?: number;
    };
    output: {
      task: string;
      /** The ceiling as a decimal USD string (micro-dollar precision); null when none was given */
      max_price: string | null;
      results: Array<{
        rank: number;
        /** Hybrid relevance: BM25 relative to the best BM25 of the answer plus the semantic score (0-1), times a prior; higher is better, comparable within one answer */
        score: number;
        name: string;
        summary: string;
        /** usd: a decimal USD string; per: call, block (one payment buys `requests` calls) or bot-month. A free tool is { per: call, usd: "0" }; null when the source does not state a price */
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
        /** true: a Toll route announced by its group, or a registry listing verified by the operator; false: registered by anyone, not checked by Toll */
        verified: boolean;
        availability: {
          /** unavailable: the group announced it cannot serve this operation now (the gateway answers 503 before any payment); unknown: not a Toll route */
          state: "available" | "unavailable" | "unknown";
          /** When unavailable: seconds until the group expects to serve it again */
          retry_after_seconds: number | null;
          reason: string | null;
        };
        matched: Array<{
          /** The word found in the tool description */
          term: string;
          /** The word of the task it came from */
          query: string;
          /** exact (after stemming), through a synonym, as a prefix, within a small edit distance, or close in meaning (word vectors) */
          how: "exact" | "synonym" | "prefix" | "fuzzy" | "semantic";
          /** Where it was found: summary, name, tags, path, description, inputs */
          fields: Array<string>;
          /** For a semantic match: cosine similarity of the two words, 0-1 */
          similarity?: number;
        }>;
        reasons: Array<string>;
        source: "toll-catalog";
        call: {
          method: "GET" | "POST";
          /** Path on the Toll gateway; {name} segments are path parameters */
          path: string;
          /** x402: the first call answers 402 with the challenge */
          payment: "x402" | "free";
          input: {
            in: "query" | "body";
            /** JSON Schema of the input, as announced */
            schema: {
              [key: string]: unknown;
            };
          };
        };
      } | {
        rank: number;
        /** Hybrid relevance: BM25 relative to the best BM25 of the answer plus the semantic score (0-1), times a prior; higher is better, comparable within one answer */
        score: number;
        name: string;
        summary: string;
        /** usd: a decimal USD string; per: call, block (one payment buys `requests` calls) or bot-month. A free tool is { per: call, usd: "0" }; null when the source does not state a price */
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
        /** true: a Toll route announced by its group, or a registry listing verified by the operator; false: registered by anyone, not checked by Toll */
        verified: boolean;
        availability: {
          /** unavailable: the group announced it cannot serve this operation now (the gateway answers 503 before any payment); unknown: not a Toll route */
          state: "available" | "unavailable" | "unknown";
          /** When unavailable: seconds until the group expects to serve it again */
          retry_after_seconds: number | null;
          reason: string | null;
        };
        matched: Array<{
          /** The word found in the tool description */
          term: string;
          /** The word of the task it came from */
          query: string;
          /** exact (after stemming), through a synonym, as a prefix, within a small edit distance, or close in meaning (word vectors) */
          how: "exact" | "synonym" | "prefix" | "fuzzy" | "semantic";
          /** Where it was found: summary, name, tags, path, description, inputs */
          fields: Array<string>;
          /** For a semantic match: cosine similarity of the two words, 0-1 */
          similarity?: number;
        }>;
        reasons: Array<string>;
        source: "index";
        call: {
          endpoint: string;
          schema_url: string | null;
        };
      } | {
        rank: number;
        /** Hybrid relevance: BM25 relative to the best BM25 of the answer plus the semantic score (0-1), times a prior; higher is better, comparable within one answer */
        score: number;
        name: string;
        summary: string;
        /** usd: a decimal USD string; per: call, block (one payment buys `requests` calls) or bot-month. A free tool is { per: call, usd: "0" }; null when the source does not state a price */
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
        /** true: a Toll route announced by its group, or a registry listing verified by the operator; false: registered by anyone, not checked by Toll */
        verified: boolean;
        availability: {
          /** unavailable: the group announced it cannot serve this operation now (the gateway answers 503 before any payment); unknown: not a Toll route */
          state: "available" | "unavailable" | "unknown";
          /** When unavailable: seconds until the group expects to serve it again */
          retry_after_seconds: number | null;
          reason: string | null;
        };
        matched: Array<{
          /** The word found in the tool description */
          term: string;
          /** The word of the task it came from */
          query: string;
          /** exact (after stemming), through a synonym, as a prefix, within a small edit distance, or close in meaning (word vectors) */
          how: "exact" | "synonym" | "prefix" | "fuzzy" | "semantic";
          /** Where it was found: summary, name, tags, path, description, inputs */
          fields: Array<string>;
          /** For a semantic match: cosine similarity of the two words, 0-1 */
          similarity?: number;
        }>;
        reasons: Array<string>;
        source: "registry";
        call: {
          endpoint: string;
          auth_method: string;
          io_format: unknown;
        };
      }>;
      /** true when even the first result matches the task weakly (few words in common, little closeness in meaning) or nothing matched: treat the results as guesses, not answers */
      no_good_match: boolean;
      /** Tools that matched at least one term */
      considered: number;
      /** Matching tools left out by max_price (above it, or price not stated) */
      excluded_by_price: number;
      /** Matching tools not shown, and why */
      left_out: {
        /** Tools scoring below the minimum relevance (a share of the best score) */
        weak: number;
        /** Status routes and free service routes the task did not ask for */
        administrative: number;
        /** Unverified tools whose text nearly repeats one shown (or left out) above them */
        duplicates: number;
      };
      sources: {
        toll_catalog: {
          available: boolean;
          items: number;
          as_of: string | null;
          stale: boolean;
          reason?: string;
        };
        index: {
          available: boolean;
          items: number;
          as_of: string | null;
          stale: boolean;
          reason?: string;
        };
        registry: {
          available: boolean;
          items: number;
          as_of: string | null;
          stale: boolean;
          reason?: string;
        };
      };
      method: string;
    };
  };
  "discovery.register": {
    method: "POST";
    path: "/toll/discovery/register";
    price: null;
    input: {
      /** Tool name shown in results */
      name: string;
      /** Where the tool is called: an http or https URL (at most 2048 characters). One entry per endpoint and name. */
      endpoint: string;
      /** What the tool does, in plain language (10-1000 characters); this is what tasks are matched against */
      description: string;
      /** Price in USD per call (0 for free; at most 6 decimals) */
      price_per_call: number;
      /** Capability tags (at most 20, each 1-40 characters); stored lower-case without duplicates */
      tags: Array<string>;
      /** Optional URL of the tool input/output schema (http or https) */
      schema_url?: string;
    };
    output: {
      /** false when an entry with the same endpoint and name existed and was updated */
      created: boolean;
      entry: {
        id: string;
        name: string;
        endpoint: string;
        description: string;
        /** USD per call, as registered (spec §2.3: number) */
        price_per_call: number;
        tags: Array<string>;
        schema_url: string | null;
        created_at: string;
        updated_at: string;
        /** The same price as an exact decimal string */
        price_per_call_usd: string;
      };
    };
  };
  "discovery.search": {
    method: "GET";
    path: "/toll/discovery/search";
    price: null;
    input: {
      /** Keywords (1-200 characters) */
      q: string;
      /** Number of results, 1-20 (default 10) */
      limit?: number;
    };
    output: {
      q: string;
      results: Array<{
        name: string;
        /** One line, at most 140 characters */
        summary: string;
        source: "toll-catalog" | "index" | "registry";
        /** true: a Toll route announced by its group, or a registry listing verified by the operator; false: registered by anyone, not checked by Toll */
        verified: boolean;
        /** unavailable: the group announced it cannot serve this operation now (the gateway answers 503 before any payment); unknown: not a Toll route */
        availability: "available" | "unavailable" | "unknown";
        /** HTTP method of a Toll route; null for index entries and registry listings */
        method: "GET" | "POST" | null;
        /** Path on the Toll gateway for a Toll route, otherwise the endpoint URL */
        path: string;
      }>;
      /** true when no tool matches the keywords well: the results are guesses */
      no_good_match: boolean;
      note: string;
    };
  };
  "etf.getDistributions": {
    method: "GET";
    path: "/toll/etf/distributions/{ticker}";
    price: {"per":"call","usd":"0.01"};
    input: {
      /** ETF ticker symbol, e.g. SCHD (case-insensitive) */
      ticker: string;
      /** Share price in USD (decimal string, e.g. 57.43) to compute the yield with; default: the latest price from the source */
      price?: string;
    };
    output: {
      ticker: string;
      count: number;
      /** Full history, newest first, including declared distributions whose ex-date is still ahead */
      distributions: Array<{
        ex_date: string;
        record_date: string | null;
        pay_date: string | null;
        declared_date: string | null;
        /** USD per share, exact decimal string */
        amount: string;
        /** What the source says the payment is; unspecified where it does not say (Nasdaq) */
        type: "income" | "special" | "short_term_capital_gain" | "long_term_capital_gain" | "return_of_capital" | "unspecified";
      }>;
      /** Detected from the spacing of regular ex-dates over the last 24 months */
      frequency: "monthly" | "quarterly" | "semiannual" | "annual" | "irregular";
      distributions_per_year: number | null;
      /** Cash with an ex-date in the last 365 days */
      trailing_12m: {
        total: string;
        count: number;
        from: string;
        to: string;
      };
      /** Latest regular distribution × payments per year; null for irregular payers */
      annualized_distribution: string | null;
      /** null when no price was given and none could be fetched (notes say why) */
      yield: {
        price: string;
        /** caller: the price query; else the source of the latest price */
        price_source: "caller" | "nasdaq" | "polygon";
        /** When the source price was fetched; null for a caller price */
        price_as_of: string | null;
        forward_yield_pct: string | null;
        ttm_yield_pct: string;
      } | null;
      source: "nasdaq" | "polygon";
      notes: Array<string>;
      freshness: {
        /** When the data was fetched from the source (ISO 8601 UTC) */
        as_of: string;
        /** true when the sources failed and an older cached answer is served */
        stale: boolean;
        reason?: string;
      };
    };
  };
  "etf.getHealth": {
    method: "GET";
    path: "/toll/etf/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: Array<{
        id: "nasdaq" | "polygon";
        role: string;
        enabled: boolean;
        base_url: string;
        terms: string;
        last_success_at: string | null;
        last_failure: {
          at: string;
          code: string;
          message: string;
        } | null;
      }>;
      screener: {
        universe: Array<string>;
        refreshed_at: string | null;
        evaluated_count: number | null;
      };
      cache: {
        entries: number;
        hits: number;
        misses: number;
        stale: number;
        errors: number;
      };
    };
  };
  "etf.getScreener": {
    method: "GET";
    path: "/toll/etf/screener";
    price: null;
    input: {
      /** Minimum annualized yield in percent (forward yield, or trailing 12 months for irregular payers) */
      min_yield?: number;
      /** Only ETFs with this detected payout frequency */
      frequency?: "monthly" | "quarterly" | "semiannual" | "annual";
      /** Rank by annualized distribution per share (the spec default) or by yield */
      sort?: "distribution_per_share" | "yield";
      /** Results to return, 1-50 (default 20) */
      limit?: number;
    };
    output: {
      universe: {
        description: string;
        size: number;
        /** When the snapshot was built */
        refreshed_at: string;
        refresh_every_hours: number;
      };
      /** ETFs of the universe whose history loaded in this snapshot */
      evaluated_count: number;
      /** ETFs of the universe that could not be evaluated */
      failed: Array<{
        ticker: string;
        reason: string;
      }>;
      /** ETFs that pass the filters (before limit) */
      match_count: number;
      filters: {
        min_yield: number | null;
        frequency: string | null;
        sort: string;
        limit: number;
      };
      results: Array<{
        ticker: string;
        frequency: "monthly" | "quarterly" | "semiannual" | "annual" | "irregular";
        annualized_distribution: string | null;
        ttm_distributions: string;
        last_ex_date: string | null;
        price: string | null;
        forward_yield_pct: string | null;
        ttm_yield_pct: string | null;
        source: "nasdaq" | "polygon";
      }>;
      freshness: {
        /** When the data was fetched from the source (ISO 8601 UTC) */
        as_of: string;
        /** true when the sources failed and an older cached answer is served */
        stale: boolean;
        reason?: string;
      };
    };
  };
  "fees.estimate": {
    method: "POST";
    path: "/toll/fees/estimate";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** A serialized transaction (legacy or v0, signed or not) in standard base64, at most 1232 bytes decoded. Address lookup tables are resolved through the RPC; a table that does not exist is a 400. */
      transaction_base64?: string;
      /** Instead of a transaction: 1-64 accounts the transaction will write to (the fee market is per writable account) */
      accounts?: Array<string>;
      /** low = 25th, medium = 50th, high = 75th percentile of recent prioritization fees (default medium) */
      priority?: "low" | "medium" | "high";
      /** With accounts only: the compute-unit limit to price (1-1,400,000, default 200,000) */
      compute_units?: number;
      /** With accounts only: number of signatures (1-16, default 1) */
      signatures?: number;
    };
    output: {
      priority: "low" | "medium" | "high";
      percentile: number;
      /** The chosen percentile of the fee market, micro-lamports per compute unit */
      compute_unit_price: string;
      fee_market: {
        /** Accounts whose fee market was asked for; [] is the global market */
        accounts: Array<string>;
        unit: "micro-lamports per compute unit";
        percentiles: {
          /** Micro-lamports per compute unit, as an integer string */
          p25: string;
          /** Micro-lamports per compute unit, as an integer string */
          p50: string;
          /** Micro-lamports per compute unit, as an integer string */
          p75: string;
          /** Micro-lamports per compute unit, as an integer string */
          p90: string;
          /** Micro-lamports per compute unit, as an integer string */
          p99: string;
        };
        /** Micro-lamports per compute unit, as an integer string */
        min: string;
        /** Micro-lamports per compute unit, as an integer string */
        max: string;
        /** Slots sampled (getRecentPrioritizationFees returns up to 150) */
        samples: number;
        nonzero_samples: number;
        slots: {
          first: number;
          last: number;
        };
      };
      /** The RPC endpoint that answered: rpc-1 is the primary, rpc-2… the fallbacks in configured order */
      source: string;
      /** Of the fee samples */
      freshness: {
        /** When the fee samples were fetched */
        as_of: string;
        /** true only when every endpoint failed and a cached value was served */
        stale: boolean;
        /** Why a stale value was served */
        reason?: string;
      };
      notes: Array<string>;
      compute_units: number;
      /** instruction: the transaction's SetComputeUnitLimit; simulation: units consumed when simulated; input/default: compute_units given or 200,000 */
      compute_units_source: "instruction" | "simulation" | "input" | "default";
      /** Transaction signatures plus signatures checked by precompile instructions */
      signatures: number;
      /** Lamports, as an integer string */
      lamports_per_signature: string;
      /** signatures × 5,000 */
      base_fee_lamports: string;
      /** ceil(compute units × price / 1,000,000) */
      priority_fee_lamports: string;
      /** Lamports, as an integer string */
      total_fee_lamports: string;
      formula: string;
      /** What was read from transaction_base64; null for an accounts estimate */
      transaction: {
        version: "legacy" | 0;
        compute_budget: {
          /** The transaction's own SetComputeUnitLimit, if any */
          unit_limit: number | null;
          /** The transaction's own SetComputeUnitPrice, if any */
          unit_price: string | null;
        };
        writable_accounts: number;
        lookup_tables: number;
      } | null;
    };
  };
  "fees.getFees": {
    method: "GET";
    path: "/toll/fees/fees";
    price: null;
    input: Record<string, never>;
    output: {
      /** Accounts whose fee market was asked for; [] is the global market */
      accounts: Array<string>;
      unit: "micro-lamports per compute unit";
      percentiles: {
        /** Micro-lamports per compute unit, as an integer string */
        p25: string;
        /** Micro-lamports per compute unit, as an integer string */
        p50: string;
        /** Micro-lamports per compute unit, as an integer string */
        p75: string;
        /** Micro-lamports per compute unit, as an integer string */
        p90: string;
        /** Micro-lamports per compute unit, as an integer string */
        p99: string;
      };
      /** Micro-lamports per compute unit, as an integer string */
      min: string;
      /** Micro-lamports per compute unit, as an integer string */
      max: string;
      /** Slots sampled (getRecentPrioritizationFees returns up to 150) */
      samples: number;
      nonzero_samples: number;
      slots: {
        first: number;
        last: number;
      };
      /** The price each priority level of estimate/optimize uses */
      levels: {
        /** Micro-lamports per compute unit, as an integer string */
        low: string;
        /** Micro-lamports per compute unit, as an integer string */
        medium: string;
        /** Micro-lamports per compute unit, as an integer string */
        high: string;
      };
      level_percentiles: {
        low: 25;
        medium: 50;
        high: 75;
      };
      method: string;
      /** The RPC endpoint that answered: rpc-1 is the primary, rpc-2… the fallbacks in configured order */
      source: string;
      freshness: {
        /** When the fee samples were fetched */
        as_of: string;
        /** true only when every endpoint failed and a cached value was served */
        stale: boolean;
        /** Why a stale value was served */
        reason?: string;
      };
      notes: Array<string>;
    };
  };
  "fees.getHealth": {
    method: "GET";
    path: "/toll/fees/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: Array<{
        id: string;
        role: "primary" | "fallback";
        /** Host only: provider URLs may carry API keys */
        host: string;
        /** From a live getSlot probe (at most every 5 s) */
        status: "up" | "down";
        latency_ms: number | null;
        slot: number | null;
        error: string | null;
        /** Last answer to a fee-oracle call */
        last_success_at: string | null;
        /** Latency of that answer */
        last_latency_ms: number | null;
        last_failure: {
          at: string;
          message: string;
        } | null;
      }>;
      cache: {
        entries: number;
        hits: number;
        misses: number;
        stale: number;
        errors: number;
      };
      settings: {
        cu_margin: string;
        cu_floor: number;
        cu_cap: number;
        rpc_timeout_ms: number;
        level_percentiles: {
          low: 25;
          medium: 50;
          high: 75;
        };
      };
    };
  };
  "fees.optimize": {
    method: "POST";
    path: "/toll/fees/optimize";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** A serialized transaction (legacy or v0, signed or not) in standard base64, at most 1232 bytes decoded. Address lookup tables are resolved through the RPC; a table that does not exist is a 400. */
      transaction_base64: string;
      /** low = 25th, medium = 50th, high = 75th percentile of recent prioritization fees (default medium) */
      priority?: "low" | "medium" | "high";
    };
    output: {
      /** The optimized transaction, unsigned (all signatures zeroed): every signer signs it again */
      transaction_base64: string;
      version: "legacy" | 0;
      priority: "low" | "medium" | "high";
      percentile: number;
      /** The chosen percentile of the fee market, micro-lamports per compute unit */
      compute_unit_price: string;
      fee_market: {
        /** Accounts whose fee market was asked for; [] is the global market */
        accounts: Array<string>;
        unit: "micro-lamports per compute unit";
        percentiles: {
          /** Micro-lamports per compute unit, as an integer string */
          p25: string;
          /** Micro-lamports per compute unit, as an integer string */
          p50: string;
          /** Micro-lamports per compute unit, as an integer string */
          p75: string;
          /** Micro-lamports per compute unit, as an integer string */
          p90: string;
          /** Micro-lamports per compute unit, as an integer string */
          p99: string;
        };
        /** Micro-lamports per compute unit, as an integer string */
        min: string;
        /** Micro-lamports per compute unit, as an integer string */
        max: string;
        /** Slots sampled (getRecentPrioritizationFees returns up to 150) */
        samples: number;
        nonzero_samples: number;
        slots: {
          first: number;
          last: number;
        };
      };
      /** The RPC endpoint that answered: rpc-1 is the primary, rpc-2… the fallbacks in configured order */
      source: string;
      /** Of the fee samples */
      freshness: {
        /** When the fee samples were fetched */
        as_of: string;
        /** true only when every endpoint failed and a cached value was served */
        stale: boolean;
        /** Why a stale value was served */
        reason?: string;
      };
      notes: Array<string>;
      /** Simulated with the compute-budget instructions in place (limit 1,400,000, price 0) */
      units_consumed: number;
      compute_unit_limit: number;
      limit_rule: {
        margin: string;
        floor: number;
        cap: number;
        formula: string;
      };
      /** Transaction signatures plus signatures checked by precompile instructions */
      signatures: number;
      /** Lamports, as an integer string */
      lamports_per_signature: string;
      /** signatures × 5,000 */
      base_fee_lamports: string;
      /** ceil(compute units × price / 1,000,000) */
      priority_fee_lamports: string;
      /** Lamports, as an integer string */
      total_fee_lamports: string;
      /** The compute-budget values the transaction had, now replaced */
      replaced: {
        /** The transaction's own SetComputeUnitLimit, if any */
        unit_limit: number | null;
        /** The transaction's own SetComputeUnitPrice, if any */
        unit_price: string | null;
      };
      instructions: {
        kept: number;
        added: 2;
        removed: number;
      };
      /** Simulation logs */
      logs: Array<string>;
    };
  };
  "funding.getFunding": {
    method: "GET";
    path: "/toll/funding/funding/{symbol}";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Perpetual in any usual form: BTC, BTC-USDT, BTC/USDT, btcusdt, BTC-PERP, BTC-USDT-SWAP (USDT-margined) */
      symbol: string;
    };
    output: {
      /** What was asked */
      symbol: string;
      /** The resolved market: <BASE>-USDT-PERP */
      market: string;
      base: string;
      /** Venues that answered, highest annualized rate first */
      venues: Array<{
        venue: "binance" | "bybit" | "okx";
        venue_symbol: string;
        /** Rate for the current interval, settled at next_funding_time (the venue’s live estimate until then), a decimal fraction (0.0001 = 0.01 %) */
        rate: string;
        /** Funding interval of this market on this venue (1, 2, 4 or 8 h; per symbol) */
        interval_hours: number;
        /** Where the interval comes from */
        interval_source: string;
        /** Next settlement (ISO 8601 UTC) */
        next_funding_time: string;
        /** rate ÷ interval_hours, a decimal fraction (0.0001 = 0.01 %) */
        hourly: string;
        /** rate × 8760 ÷ interval_hours (simple, not compounded), a decimal fraction (0.0001 = 0.01 %) */
        annualized: string;
        predicted_next_rate: string | null;
        mark_price: string | null;
        /** Set when the venue failed and its rate was read from Hyperliquid's predictedFundings mirror, with why */
        via: string | null;
        freshness: {
          /** When the venue was read (ISO 8601 UTC) */
          as_of: string;
          /** true when the venue failed just now and an older reading is served */
          stale: boolean;
          reason?: string;
        };
      }>;
      /** Venues that did not answer, each with its reason */
      unavailable: Array<{
        venue: "binance" | "bybit" | "okx";
        status: "geo_blocked" | "down" | "timeout" | "not_listed" | "disabled";
        reason: string;
        http_status: number | null;
      }>;
      /** null when fewer than two venues answered */
      spread: {
        /** Highest minus lowest annualized rate across the venues that answered, a decimal fraction (0.0001 = 0.01 %) */
        annualized: string;
        /** Highest minus lowest hourly rate, a decimal fraction (0.0001 = 0.01 %) */
        hourly: string;
        highest: "binance" | "bybit" | "okx";
        lowest: "binance" | "bybit" | "okx";
      } | null;
      /** true when all three venues answered */
      complete: boolean;
      notes: Array<string>;
    };
  };
  "funding.getHealth": {
    method: "GET";
    path: "/toll/funding/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      tracked: {
        /** Which markets the funding routes cover */
        funding: string;
        liquidation_bases: Array<string>;
      };
      venues: Array<{
        venue: "binance" | "bybit" | "okx";
        enabled: boolean;
        base_url: string;
        terms: string;
        last_success_at: string | null;
        last_failure: {
          at: string;
          code: string;
          message: string;
        } | null;
      }>;
      /** Hyperliquid's predictedFundings, used for Binance and Bybit rates when those venues fail or block this server */
      mirror: {
        source: "hyperliquid";
        enabled: boolean;
        base_url: string;
        role: string;
      };
      collector: {
        enabled: boolean;
        interval_ms: number;
        last_run_at: string | null;
        last_error: string | null;
      };
    };
  };
  "funding.getLiquidations": {
    method: "GET";
    path: "/toll/funding/liquidations/{symbol}";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Perpetual in any usual form: BTC, BTC-USDT, BTC/USDT, btcusdt, BTC-PERP, BTC-USDT-SWAP (USDT-margined) */
      symbol: string;
      /** Window ending now, in hours: 1-72 (default 24; the collector keeps 72 h) */
      hours?: number;
    };
    output: {
      symbol: string;
      market: string;
      base: string;
      hours: number;
      /** Venues whose liquidations are recorded */
      venues: Array<"binance" | "bybit" | "okx">;
      coverage: {
        requested: {
          from: string;
          to: string;
        };
        /** Stretches of the window the collector recorded in full */
        covered: Array<{
          from: string;
          to: string;
        }>;
        /** Sum of the covered stretches, hours (3 decimals) */
        covered_hours: string;
        /** true when the whole requested window is covered */
        complete: boolean;
        note: string;
      };
      time_bucket_hours: number;
      /** Width of one price bucket (null when there were no events) */
      price_bucket_usd: string | null;
      /** Time buckets, oldest first; each lists its non-empty price buckets, lowest first */
      buckets: Array<{
        from: string;
        to: string;
        cells: Array<{
          price_from: string;
          price_to: string;
          long_usd: string;
          short_usd: string;
          events: number;
        }>;
      }>;
      totals: {
        long_usd: string;
        short_usd: string;
        total_usd: string;
        events: number;
      };
      /** How the heatmap is built; recorded events only, no modelled levels */
      method: string;
    };
  };
  "funding.getTopFunded": {
    method: "GET";
    path: "/toll/funding/top-funded";
    price: null;
    input: {
      /** Rows to return, 1-100 (default 20) */
      limit?: number;
    };
    output: {
      limit: number;
      liquidity_filter: string;
      rows: Array<{
        rank: number;
        venue: "binance" | "bybit" | "okx";
        venue_symbol: string;
        base: string;
        rate: string;
        interval_hours: number;
        hourly: string;
        annualized: string;
        next_funding_time: string;
        volume_24h_usd: string;
      }>;
      unavailable: Array<{
        venue: "binance" | "bybit" | "okx";
        status: "geo_blocked" | "down" | "timeout" | "not_listed" | "disabled";
        reason: string;
        http_status: number | null;
      }>;
      freshness: {
        as_of: string;
        stale: boolean;
        reason?: string;
      };
      notes: Array<string>;
    };
  };
  "jobs.getHealth": {
    method: "GET";
    path: "/toll/jobs/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: Array<{
        id: string;
        role: string;
        enabled: boolean;
        /** Whether rows from this source are sold; false for sources whose terms forbid it */
        resold: boolean;
        disabled_reason: string | null;
        base_url: string | null;
        license: string;
        terms: string;
        refresh_every_hours: number | null;
        last_success_at: string | null;
        last_failure: {
          at: string;
          message: string;
        } | null;
        next_refresh_at: string | null;
        rows: number;
      }>;
      cache: {
        kind: string;
        /** Postings in the index */
        rows: number;
        /** Postings left after cross-source deduplication */
        distinct_jobs: number;
        /** Oldest last refresh among the sources served */
        as_of: string | null;
      };
    };
  };
  "jobs.getJob": {
    method: "GET";
    path: "/toll/jobs/job";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Job id from a search answer, e.g. "arbeitnow:senior-backend-engineer-berlin-123" */
      id: string;
    };
    output: {
      job: {
        /** "<source>:<source id>"; pass it to jobs.getJob for the full description */
        id: string;
        title: string;
        /** Employer (for USAJOBS: the hiring agency) */
        company: string;
        location: string;
        remote: boolean;
        job_types: Array<"full_time" | "part_time" | "contract" | "internship" | "temporary">;
        tags: Array<string>;
        /** As published; null when the source gives none */
        salary: {
          /** Lower end as published, decimal string */
          min: string | null;
          /** Upper end as published, decimal string */
          max: string | null;
          currency: string;
          period: "year" | "month" | "week" | "day" | "hour";
        } | null;
        posted_at: string;
        closes_at: string | null;
        /** Link back to the job on its source, which the source's terms require wherever the job is shown */
        url: string;
        apply_url: string | null;
        source: "arbeitnow" | "usajobs";
        /** Name the source wherever the job is shown */
        attribution: {
          text: string;
          url: string;
        };
        /** The same job (same company, title and city) on other sources */
        also_listed_on: Array<{
          source: "arbeitnow" | "usajobs";
          id: string;
          /** The same job on this source */
          url: string;
        }>;
        /** Full description, plain text (HTML removed), at most 20,000 characters */
        description: string;
      };
      freshness: {
        /** When the oldest source in the answer was last refreshed (ISO 8601 UTC): the index as of then */
        as_of: string;
        /** true when a source could not be refreshed on schedule and older rows are served */
        stale: boolean;
        /** Why stale rows are served */
        reason?: string;
      };
    };
  };
  "jobs.searchJobs": {
    method: "GET";
    path: "/toll/jobs/search";
    price: {"per":"call","usd":"0.01"};
    input: {
      /** Keywords; every word must appear in the title, company, location or tags (case and accents ignored) */
      q?: string;
      /** Place the job is in, matched as text against the posting location (e.g. "Berlin", "Texas") */
      location?: string;
      /** true: remote jobs only; false: on-site jobs only; omit for both */
      remote?: boolean;
      /** Employment type */
      job_type?: "full_time" | "part_time" | "contract" | "internship" | "temporary";
      /** Yearly salary floor in salary_currency: keeps jobs whose published range reaches it (hourly/monthly pay annualised); jobs without a salary are left out */
      salary_min?: number;
      /** Currency of salary_min (ISO 4217), default USD */
      salary_currency?: string;
      /** Only jobs posted at or after this date (YYYY-MM-DD, UTC) or time (ISO 8601 with offset) */
      posted_since?: string | string;
      /** Only jobs from this source */
      source?: "arbeitnow" | "usajobs";
      /** Jobs per page, 1-50 (default 20) */
      limit?: number;
      /** next_cursor of the previous page, to continue the same search */
      cursor?: string;
    };
    output: {
      /** Jobs in this page */
      count: number;
      jobs: Array<{
        /** "<source>:<source id>"; pass it to jobs.getJob for the full description */
        id: string;
        title: string;
        /** Employer (for USAJOBS: the hiring agency) */
        company: string;
        location: string;
        remote: boolean;
        job_types: Array<"full_time" | "part_time" | "contract" | "internship" | "temporary">;
        tags: Array<string>;
        /** As published; null when the source gives none */
        salary: {
          /** Lower end as published, decimal string */
          min: string | null;
          /** Upper end as published, decimal string */
          max: string | null;
          currency: string;
          period: "year" | "month" | "week" | "day" | "hour";
        } | null;
        posted_at: string;
        closes_at: string | null;
        /** Link back to the job on its source, which the source's terms require wherever the job is shown */
        url: string;
        apply_url: string | null;
        source: "arbeitnow" | "usajobs";
        /** Name the source wherever the job is shown */
        attribution: {
          text: string;
          url: string;
        };
        /** The same job (same company, title and city) on other sources */
        also_listed_on: Array<{
          source: "arbeitnow" | "usajobs";
          id: string;
          /** The same job on this source */
          url: string;
        }>;
        /** Start of the description, plain text */
        snippet: string;
      }>;
      /** Pass as cursor for the next page; null on the last page */
      next_cursor: string | null;
      /** Sources the answer was drawn from, each with its last refresh */
      sources: Array<{
        id: "arbeitnow" | "usajobs";
        /** Last successful refresh of this source */
        as_of: string;
        stale: boolean;
        /** Postings of this source in the index */
        rows: number;
      }>;
      freshness: {
        /** When the oldest source in the answer was last refreshed (ISO 8601 UTC): the index as of then */
        as_of: string;
        /** true when a source could not be refreshed on schedule and older rows are served */
        stale: boolean;
        /** Why stale rows are served */
        reason?: string;
      };
      notes: Array<string>;
    };
  };
  "macro.getHealth": {
    method: "GET";
    path: "/toll/macro/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: Array<{
        id: string;
        base_url: string;
        license: string;
        terms: string;
        last_success_at: string | null;
        last_failure: {
          at: string;
          code: string;
          message: string;
        } | null;
      }>;
      fred: {
        /** false: only the keyless CSV (catalog series only) */
        api_key: boolean;
        governor: "shared" | "per-process";
      };
      cache: {
        entries: number;
        hits: number;
        misses: number;
        stale: number;
        errors: number;
      };
    };
  };
  "macro.getHistory": {
    method: "GET";
    path: "/toll/macro/history/{series}";
    price: {"per":"call","usd":"0.01"};
    input: {
      /** A friendly name (cpi, core_cpi, pce_price_index, unemployment_rate, nonfarm_payrolls, gdp, real_gdp, real_gdp_growth, fed_funds_rate, fed_funds_rate_daily, fed_funds_target_upper, fed_funds_target_lower, treasury_3m, treasury_2y, treasury_5y, treasury_10y, treasury_30y, yield_curve_10y_2y, national_debt, debt_to_gdp) or a FRED series id in capitals such as CPIAUCSL */
      series: "cpi" | "core_cpi" | "pce_price_index" | "unemployment_rate" | "nonfarm_payrolls" | "gdp" | "real_gdp" | "real_gdp_growth" | "fed_funds_rate" | "fed_funds_rate_daily" | "fed_funds_target_upper" | "fed_funds_target_lower" | "treasury_3m" | "treasury_2y" | "treasury_5y" | "treasury_10y" | "treasury_30y" | "yield_curve_10y_2y" | "national_debt" | "debt_to_gdp" | string;
      /** First observation date to include, YYYY-MM-DD (default: the most recent `limit` observations) */
      start?: string;
      /** Most observations to return, newest first, 1-1000 (default 120) */
      limit?: number;
    };
    output: {
      series: {
        /** Our friendly name, when the series is in the catalog */
        name: string | null;
        /** FRED series id */
        id: string;
        /** Series title as FRED publishes it */
        title: string;
        /** Units, e.g. Percent, Index 1982-1984=100, Billions of Dollars */
        units: string;
        /** Daily, Weekly, Monthly, Quarterly, … */
        frequency: string;
        /** Seasonally Adjusted, Not Seasonally Adjusted, Seasonally Adjusted Annual Rate */
        seasonal_adjustment: string;
        /** The agency that produces the series (catalog series) */
        publisher: string | null;
        /** When FRED last updated the series: the latest release (ISO 8601); null when only FRED's keyless CSV answered */
        last_updated: string | null;
      };
      start: string | null;
      count: number;
      /** Newest first */
      observations: Array<{
        /** Observation period start, YYYY-MM-DD */
        date: string;
        /** Exact decimal string; null where the source has no value */
        value: string | null;
      }>;
      /** fred: the FRED API; fred-csv: its keyless CSV download (the fallback) */
      source: "fred" | "fred-csv";
      /** The series page on FRED */
      source_url: string;
      attribution: string;
      freshness: {
        /** When the data was fetched from the source (ISO 8601 UTC) */
        as_of: string;
        /** true when the source could not be reached and an older cached answer is served */
        stale: boolean;
        /** Why stale data is served */
        reason?: string;
      };
    };
  };
  "macro.getLatest": {
    method: "GET";
    path: "/toll/macro/latest/{series}";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** A friendly name (cpi, core_cpi, pce_price_index, unemployment_rate, nonfarm_payrolls, gdp, real_gdp, real_gdp_growth, fed_funds_rate, fed_funds_rate_daily, fed_funds_target_upper, fed_funds_target_lower, treasury_3m, treasury_2y, treasury_5y, treasury_10y, treasury_30y, yield_curve_10y_2y, national_debt, debt_to_gdp) or a FRED series id in capitals such as CPIAUCSL */
      series: "cpi" | "core_cpi" | "pce_price_index" | "unemployment_rate" | "nonfarm_payrolls" | "gdp" | "real_gdp" | "real_gdp_growth" | "fed_funds_rate" | "fed_funds_rate_daily" | "fed_funds_target_upper" | "fed_funds_target_lower" | "treasury_3m" | "treasury_2y" | "treasury_5y" | "treasury_10y" | "treasury_30y" | "yield_curve_10y_2y" | "national_debt" | "debt_to_gdp" | string;
    };
    output: {
      series: {
        /** Our friendly name, when the series is in the catalog */
        name: string | null;
        /** FRED series id */
        id: string;
        /** Series title as FRED publishes it */
        title: string;
        /** Units, e.g. Percent, Index 1982-1984=100, Billions of Dollars */
        units: string;
        /** Daily, Weekly, Monthly, Quarterly, … */
        frequency: string;
        /** Seasonally Adjusted, Not Seasonally Adjusted, Seasonally Adjusted Annual Rate */
        seasonal_adjustment: string;
        /** The agency that produces the series (catalog series) */
        publisher: string | null;
        /** When FRED last updated the series: the latest release (ISO 8601); null when only FRED's keyless CSV answered */
        last_updated: string | null;
      };
      /** The newest observation with a value */
      latest: {
        date: string;
        value: string;
      };
      /** The observation with a value before it */
      previous: {
        date: string;
        value: string;
      } | null;
      /** fred: the FRED API; fred-csv: its keyless CSV download (the fallback) */
      source: "fred" | "fred-csv";
      /** The series page on FRED */
      source_url: string;
      attribution: string;
      freshness: {
        /** When the data was fetched from the source (ISO 8601 UTC) */
        as_of: string;
        /** true when the source could not be reached and an older cached answer is served */
        stale: boolean;
        /** Why stale data is served */
        reason?: string;
      };
    };
  };
  "macro.getRepresentatives": {
    method: "GET";
    path: "/toll/macro/representatives";
    price: {"per":"call","usd":"0.01"};
    input: {
      /** Latitude in decimal degrees (with lon) */
      lat?: number;
      /** Longitude in decimal degrees (with lat) */
      lon?: number;
      /** US street address on one line, e.g. "1600 Pennsylvania Ave NW, Washington, DC 20500" (instead of lat/lon) */
      address?: string;
    };
    output: {
      /** The point looked up (the geocoded point for an address) */
      point: {
        lat: number;
        lon: number;
      };
      /** The Census geocoder's reading of the address */
      matched_address: string | null;
      state: {
        code: string;
        name: string;
        fips: string;
      };
      county: {
        name: string;
        fips: string;
      } | null;
      congressional_district: {
        congress: number;
        /** e.g. CA-11; CA-AL for at-large */
        code: string;
        /** 0 for at-large and non-voting seats */
        number: number;
        at_large: boolean;
      } | null;
      /** Senators (senior first), then the House member */
      representatives: Array<{
        office: "U.S. Senator" | "U.S. Representative" | "Delegate to the U.S. House" | "Resident Commissioner";
        name: string;
        party: string | null;
        state: string;
        /** House district (0 at-large or non-voting); null for senators */
        district: number | null;
        senate_class: number | null;
        /** senior or junior (senators) */
        state_rank: string | null;
        term_start: string;
        term_end: string;
        phone: string | null;
        office_address: string | null;
        website: string | null;
        contact_form: string | null;
        /** Biographical Directory of the U.S. Congress id */
        bioguide_id: string;
      }>;
      /** What this lookup does not answer */
      not_covered: Array<string>;
      sources: Array<{
        id: string;
        url: string;
        license: string;
        /** When the data was fetched from the source (ISO 8601 UTC) */
        as_of: string;
        /** true when the source could not be reached and an older cached answer is served */
        stale: boolean;
        /** Why stale data is served */
        reason?: string;
      }>;
      /** The older of the two sources; stale when either is */
      freshness: {
        /** When the data was fetched from the source (ISO 8601 UTC) */
        as_of: string;
        /** true when the source could not be reached and an older cached answer is served */
        stale: boolean;
        /** Why stale data is served */
        reason?: string;
      };
    };
  };
  "macro.listSeries": {
    method: "GET";
    path: "/toll/macro/series";
    price: null;
    input: Record<string, never>;
    output: {
      count: number;
      series: Array<{
        /** Our friendly name, when the series is in the catalog */
        name: string | null;
        /** FRED series id */
        id: string;
        /** Series title as FRED publishes it */
        title: string;
        /** Units, e.g. Percent, Index 1982-1984=100, Billions of Dollars */
        units: string;
        /** Daily, Weekly, Monthly, Quarterly, … */
        frequency: string;
        /** Seasonally Adjusted, Not Seasonally Adjusted, Seasonally Adjusted Annual Rate */
        seasonal_adjustment: string;
        /** The agency that produces the series (catalog series) */
        publisher: string | null;
      }>;
      note: string;
    };
  };
  "messaging.getHealth": {
    method: "GET";
    path: "/toll/messaging/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      reason?: string;
      platform: "telegram";
      pool: {
        available: number;
        leased: number;
        /** expired or cleaned: on their way back to the pool */
        resetting: number;
        /** reset failed: out of the pool until the operator requeues them */
        quarantined: number;
        total: number;
        quarantine: Array<{
          username: string;
          since: string;
          last_error: string | null;
        }>;
      } | null;
      plan: {
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        };
        period_days: number;
        renewals: string;
        release: string;
      };
      sweep: {
        enabled: boolean;
        interval_ms: number;
        last_run_at: string | null;
        last_error: string | null;
      };
      sources: Array<{
        name: string;
        role: string;
        ok: boolean;
      }>;
    };
  };
  "messaging.provision": {
    method: "POST";
    path: "/toll/messaging/provision";
    price: {"per":"bot-month","usd":"0.50"};
    input: {
      /** Display name for the bot, 1-64 characters (new lease only) */
      name?: string;
      /** What users see in an empty chat with the bot, at most 512 characters (new lease only) */
      description?: string;
      /** Shown on the bot's profile page, at most 120 characters (new lease only) */
      short_description?: string;
      /** https URL on a public host (ports 443, 80, 88, 8443) that receives the bot's updates; omit to poll with getUpdates (new lease only) */
      webhook_url?: string;
      /** Sent back in the X-Telegram-Bot-Api-Secret-Token header of every webhook request; needs webhook_url; never stored */
      webhook_secret?: string;
      /** Renewal: the lease to extend by one month (with lease_key) */
      lease_id?: string;
      /** Renewal: the lease key from the provision answer, proof of being the holder */
      lease_key?: string;
    };
    output: {
      platform: "telegram";
      /** true when this call extended an existing lease */
      renewal: boolean;
      lease: {
        lease_id: string;
        /** Shown once, on the new lease; keep it: it renews and releases the bot (null on a renewal) */
        lease_key: string | null;
        starts_at: string;
        /** The bot is reset and its token revoked after this time unless renewed */
        ends_at: string;
        period_days: number;
        renewals: number;
      };
      bot: {
        id: number;
        username: string;
        /** https://t.me/<username> */
        link: string;
        /** Bot API token: https://api.telegram.org/bot<token>/<method>. Secret: only the holder ever sees it */
        token: string;
        name: string | null;
      };
      /** How updates reach the holder (new lease); null on a renewal, which leaves the bot as it is */
      updates: {
        mode: "webhook" | "polling";
        webhook_url: string | null;
        note: string;
      } | null;
      renew: {
        method: "POST";
        path: string;
        body: {
          [key: string]: string;
        };
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
        note: string;
      };
      release: {
        method: "POST";
        path: string;
        body: {
          [key: string]: string;
        };
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
        note: string;
      };
    };
  };
  "messaging.release": {
    method: "POST";
    path: "/toll/messaging/release";
    price: null;
    input: {
      /** The lease to end now */
      lease_id: string;
      /** Proof of being the holder */
      lease_key: string;
    };
    output: {
      lease_id: string;
      bot_username: string;
      released_at: string;
      note: string;
    };
  };
  "news.getHealth": {
    method: "GET";
    path: "/toll/news/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: Array<{
        name: "gdelt" | "wikimedia" | "hn-algolia";
        /** Which operations the provider serves, as primary or fallback */
        role: string;
        enabled: boolean;
        /** Outcome of the latest call */
        state: "ok" | "failing" | "unknown" | "disabled";
        last_ok_at: string | null;
        last_error_at: string | null;
        last_error: string | null;
      }>;
      queue: {
        upstream: "gdelt";
        /** GDELT requests waiting for their slot or in flight */
        depth: number;
        /** Minimum spacing between GDELT requests */
        interval_ms: number;
        /** Set while the queue is paused after GDELT answered 429 */
        paused_until: string | null;
      };
      cache: {
        entries: number;
        hits: number;
        misses: number;
        stale: number;
        errors: number;
      };
    };
  };
  "news.getTimeline": {
    method: "GET";
    path: "/toll/news/timeline";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Search terms (1-200 characters) in GDELT query syntax: words are ANDed, "exact phrases" go in double quotes, (a OR b) needs parentheses, -word excludes. GDELT refuses keywords that are too short or too common. */
      q: string;
      /** Lookback in days (1-90) ending now; GDELT keeps about 3 months */
      days?: number;
    };
    output: {
      query: {
        q: string;
        days: number;
      };
      /** Provider that produced this data */
      source: "gdelt" | "wikimedia" | "hn-algolia";
      /** True when the primary provider failed and a fallback provider answered */
      fallback: boolean;
      /** Why the primary provider (and any earlier fallback) was not used */
      fallback_reason: string | null;
      /** ISO time the data was fetched from the provider */
      as_of: string;
      /** True when every provider failed and an older cached answer is served instead */
      stale: boolean;
      /** Why stale data was served; null when fresh */
      reason: string | null;
      /** Credit to show wherever the data is used */
      attribution: string;
      /** Interval length GDELT chose for this window, as it names it */
      resolution: string | null;
      /** Sum of count over the series */
      total: number;
      /** Oldest first */
      series: Array<{
        /** ISO start of the interval */
        date: string;
        /** Matching articles GDELT saw in the interval */
        count: number;
        /** Matching articles as a percentage of all articles GDELT monitored in the interval */
        share: number | null;
      }>;
    };
  };
  "news.getTrending": {
    method: "GET";
    path: "/toll/news/trending";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Window in days (1-7): the most recent complete UTC days */
      days?: number;
      /** Topics to return (1-50) */
      limit?: number;
    };
    output: {
      days: number;
      limit: number;
      metric: "pageviews" | "points";
      /** How this list was ranked */
      definition: string;
      window: {
        /** ISO start of the window */
        from: string;
        /** ISO end of the window */
        to: string;
        /** Days of data found in the window (a day the provider has not published yet is missing) */
        days_covered: number;
      };
      /** Provider that produced this data */
      source: "gdelt" | "wikimedia" | "hn-algolia";
      /** True when the primary provider failed and a fallback provider answered */
      fallback: boolean;
      /** Why the primary provider (and any earlier fallback) was not used */
      fallback_reason: string | null;
      /** ISO time the data was fetched from the provider */
      as_of: string;
      /** True when every provider failed and an older cached answer is served instead */
      stale: boolean;
      /** Why stale data was served; null when fresh */
      reason: string | null;
      /** Credit to show wherever the data is used */
      attribution: string;
      count: number;
      items: Array<{
        rank: number;
        title: string;
        url: string;
        /** Summed Wikipedia page views over the window, or Hacker News points */
        score: number;
        /** Short description of the topic, when the provider has one */
        summary: string | null;
      }>;
    };
  };
  "news.search": {
    method: "GET";
    path: "/toll/news/search";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Search terms (1-200 characters) in GDELT query syntax: words are ANDed, "exact phrases" go in double quotes, (a OR b) needs parentheses, -word excludes. GDELT refuses keywords that are too short or too common. */
      q: string;
      /** Lookback in days (1-30) ending now */
      days?: number;
      /** Articles to return (1-100), newest first */
      limit?: number;
      /** Only articles published in this language: an ISO 639-1 code ("es") or its English name ("spanish"), case-insensitive */
      lang?: string;
    };
    output: {
      query: {
        q: string;
        days: number;
        limit: number;
        /** Language filter as sent to GDELT */
        lang: string | null;
      };
      /** Provider that produced this data */
      source: "gdelt" | "wikimedia" | "hn-algolia";
      /** True when the primary provider failed and a fallback provider answered */
      fallback: boolean;
      /** Why the primary provider (and any earlier fallback) was not used */
      fallback_reason: string | null;
      /** ISO time the data was fetched from the provider */
      as_of: string;
      /** True when every provider failed and an older cached answer is served instead */
      stale: boolean;
      /** Why stale data was served; null when fresh */
      reason: string | null;
      /** Credit to show wherever the data is used */
      attribution: string;
      count: number;
      /** Newest first */
      articles: Array<{
        title: string;
        url: string;
        domain: string;
        /** ISO time the provider first saw (GDELT) or received (Hacker News) the article */
        published_at: string | null;
        /** Language of the article as GDELT names it; null when the provider does not say */
        language: string | null;
        /** Country of the publisher as GDELT names it */
        source_country: string | null;
        /** Social sharing image of the article */
        image: string | null;
      }>;
      /** Caveats about this answer: records the provider sent malformed, and whether they were repaired or left out */
      notes: Array<string>;
    };
  };
  "payments.creditToBalance": {
    method: "POST";
    path: "/toll/payments/balance/credit";
    price: null;
    input: {
      /** The balance owner: a Solana wallet address (base58 Ed25519 public key) */
      wallet: string;
      /** Unix seconds when signed; refused outside the clock window */
      timestamp: string;
      /** Single use, 16 to 64 characters of [A-Za-z0-9_-] */
      nonce: string;
      /** Ed25519 signature by the wallet key, standard base64 */
      signature: string;
      /** The payment to credit: a memo-flow transaction signature, or the transaction of an x402 payment we settled (PAYMENT-RESPONSE) */
      transaction: string;
      /** The memo it paid; needed only when the transaction carries several memos of ours */
      memo?: string;
    };
    output: {
      /** The paying wallet: the balance credited */
      wallet: string;
      transaction: string;
      /** The operation the payment was for */
      operation_id: string;
      /** unused: paid, never served; unused_credits: a block partly used; unredeemed: on chain, never redeemed; memo_expired, amount_too_low: a payment we refused */
      basis: "unused" | "unused_credits" | "unredeemed" | "memo_expired" | "amount_too_low";
      paid: {
        asset: "SOL" | "USDC";
        /** What arrived, in atomic units of the asset */
        amount_atomic: string;
      };
      /** What the balance was credited, USDC atomic units */
      credit_atomic: string;
      asset: "USDC";
      decimals: number;
      /** The credit in the balance ledger */
      entry_id: string;
      /** Available right after the credit */
      available_atomic: string;
    };
  };
  "payments.deposit1": {
    method: "POST";
    path: "/toll/payments/balance/deposit-1";
    price: {"per":"call","usd":"1"};
    input: Record<string, never>;
    output: {
      /** The paying wallet: the balance credited and its owner */
      wallet: string;
      credit_atomic: string;
      asset: "USDC";
      decimals: number;
      note: string;
    };
  };
  "payments.deposit10": {
    method: "POST";
    path: "/toll/payments/balance/deposit-10";
    price: {"per":"call","usd":"10"};
    input: Record<string, never>;
    output: {
      /** The paying wallet: the balance credited and its owner */
      wallet: string;
      credit_atomic: string;
      asset: "USDC";
      decimals: number;
      note: string;
    };
  };
  "payments.deposit100": {
    method: "POST";
    path: "/toll/payments/balance/deposit-100";
    price: {"per":"call","usd":"100"};
    input: Record<string, never>;
    output: {
      /** The paying wallet: the balance credited and its owner */
      wallet: string;
      credit_atomic: string;
      asset: "USDC";
      decimals: number;
      note: string;
    };
  };
  "payments.getBalance": {
    method: "GET";
    path: "/toll/payments/balance";
    price: null;
    input: {
      /** The balance owner: a Solana wallet address (base58 Ed25519 public key) */
      wallet: string;
      /** Unix seconds when signed; refused outside the clock window */
      timestamp: string;
      /** Single use, 16 to 64 characters of [A-Za-z0-9_-] */
      nonce: string;
      /** Ed25519 signature by the wallet key, standard base64 */
      signature: string;
      /** Ledger entries to return, newest first: 1 to 2000 (default 100) */
      limit?: string;
    };
    output: {
      wallet: string;
      asset: "USDC";
      decimals: number;
      balance_atomic: string;
      /** Reserved by calls in progress */
      held_atomic: string;
      available_atomic: string;
      cap_per_call_atomic: string | null;
      cap_per_day_atomic: string | null;
      /** Held or spent since 00:00 UTC */
      spent_today_atomic: string;
      deposit: Array<{
        operation_id: string;
        method: string;
        path: string;
        usd: string;
        credit_atomic: string;
      }>;
      /** The latest entries (limit, default 100), newest first */
      ledger: Array<{
        id: string;
        kind: "credit" | "debit";
        amount_atomic: string;
        balance_after_atomic: string;
        operation_id: string;
        transaction: string | null;
        at: string;
      }>;
    };
  };
  "payments.getHealth": {
    method: "GET";
    path: "/toll/payments/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      terms: {
        network: string;
        chain: {
          /** Where to send payments; null: the public network named above */
          rpc_url: string | null;
          description: string;
        };
        recipient: string;
        usdc_mint: string;
        usdc_token_account: string;
        fee_payer: string;
        memo_ttl_seconds: number;
        sol_quote: {
          sol_usd: string;
          source: string;
          as_of: string;
        } | null;
        /** Ed25519 public key (base64, raw 32 bytes) that signs receipts */
        receipt_public_key: string;
      };
    };
  };
  "payments.setBalanceCaps": {
    method: "POST";
    path: "/toll/payments/balance/caps";
    price: null;
    input: {
      /** The balance owner: a Solana wallet address (base58 Ed25519 public key) */
      wallet: string;
      /** Unix seconds when signed; refused outside the clock window */
      timestamp: string;
      /** Single use, 16 to 64 characters of [A-Za-z0-9_-] */
      nonce: string;
      /** Ed25519 signature by the wallet key, standard base64 */
      signature: string;
      /** Most one call may take from the balance, USDC atomic units; null: no cap */
      cap_per_call_atomic: string | null;
      /** Most the balance may spend per UTC day, USDC atomic units; null: no cap */
      cap_per_day_atomic: string | null;
    };
    output: {
      wallet: string;
      asset: "USDC";
      decimals: number;
      balance_atomic: string;
      /** Reserved by calls in progress */
      held_atomic: string;
      available_atomic: string;
      cap_per_call_atomic: string | null;
      cap_per_day_atomic: string | null;
      /** Held or spent since 00:00 UTC */
      spent_today_atomic: string;
    };
  };
  "payments.verifyReceipt": {
    method: "GET";
    path: "/toll/payments/receipt";
    price: null;
    input: {
      /** The X-Toll-Receipt header of a paid response */
      receipt: string;
    };
    output: {
      valid: boolean;
      reason?: string;
      claims?: {
        [key: string]: unknown;
      };
      public_key: string;
    };
  };
  "recalls.getHealth": {
    method: "GET";
    path: "/toll/recalls/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: Array<{
        name: "openfda" | "cpsc" | "nhtsa-recalls" | "nhtsa-vpic";
        role: string;
        enabled: boolean;
        licence: string;
        terms: string;
        /** Outcome of the latest call */
        state: "ok" | "failing" | "unknown" | "disabled";
        last_ok_at: string | null;
        last_error_at: string | null;
        last_error: string | null;
      }>;
      cache: {
        entries: number;
        hits: number;
        misses: number;
        stale: number;
        errors: number;
      };
    };
  };
  "recalls.getVehicle": {
    method: "GET";
    path: "/toll/recalls/vehicle";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Vehicle make, e.g. "Honda" */
      make: string;
      /** Model, e.g. "Accord" */
      model: string;
      /** Model year */
      year: number;
    };
    output: {
      vehicle: {
        make: string;
        model: string;
        year: number;
      };
      /** recalls_listed: campaigns found. none_listed: no campaign for a vehicle known to exist (decoded from its VIN). none_listed_or_unknown_vehicle: NHTSA lists nothing, which it also answers for a make, model or year it does not know; this is NOT "no recalls" (check the spelling, or look up the VIN) */
      listing: "recalls_listed" | "none_listed" | "none_listed_or_unknown_vehicle";
      count: number;
      /** Newest first */
      recalls: Array<{
        /** Unique across sources: <source>:<source id> */
        id: string;
        source: "openfda" | "cpsc" | "nhtsa";
        /** The agency's own number: FDA recall number, CPSC recall number, NHTSA campaign number */
        source_id: string;
        category: "food" | "drug" | "device" | "consumer" | "vehicle";
        title: string;
        /** Why the product was recalled */
        reason: string | null;
        /** What could happen to a user */
        hazard: string | null;
        /** FDA Class I/II/III; null for CPSC and NHTSA, which do not classify */
        classification: string | null;
        /** Recalling firm or manufacturer */
        firm: string | null;
        products: Array<string>;
        dates: {
          /** YYYY-MM-DD the recall began */
          initiated: string | null;
          /** YYYY-MM-DD the agency published or received it */
          reported: string | null;
          terminated: string | null;
        };
        distribution: string | null;
        /** FDA: Ongoing, Completed, Terminated; null where the source does not say */
        status: string | null;
        remedy: string | null;
        /** Where the agency's record can be read */
        link: string;
        component: string | null;
        /** NHTSA: do not drive the vehicle until repaired */
        park_it: boolean;
        /** NHTSA: park outside, away from structures (fire risk) */
        park_outside: boolean;
        /** NHTSA: the remedy can be installed over the air */
        over_the_air_update: boolean;
        notes: string | null;
      }>;
      note: string;
      /** Credit and terms to show wherever the data is used */
      attribution: Array<string>;
      freshness: {
        /** ISO time the oldest part of this answer was fetched from its source */
        as_of: string;
        /** True when a source failed and an older cached answer is served instead */
        stale: boolean;
        /** Why stale data was served; null when fresh */
        reason: string | null;
      };
    };
  };
  "recalls.getVin": {
    method: "GET";
    path: "/toll/recalls/vin";
    price: {"per":"call","usd":"0.01"};
    input: {
      /** 17-character Vehicle Identification Number; the check digit is verified before payment */
      vin: string;
    };
    output: {
      vehicle: {
        vin: string;
        make: string;
        model: string;
        year: number;
        manufacturer: string | null;
        body_class: string | null;
        plant_country: string | null;
        /** vPIC's own note on the decode (its ErrorText) */
        decode_note: string | null;
      };
      /** recalls_listed: campaigns found. none_listed: no campaign for a vehicle known to exist (decoded from its VIN). none_listed_or_unknown_vehicle: NHTSA lists nothing, which it also answers for a make, model or year it does not know; this is NOT "no recalls" (check the spelling, or look up the VIN) */
      listing: "recalls_listed" | "none_listed" | "none_listed_or_unknown_vehicle";
      count: number;
      /** Newest first */
      recalls: Array<{
        /** Unique across sources: <source>:<source id> */
        id: string;
        source: "openfda" | "cpsc" | "nhtsa";
        /** The agency's own number: FDA recall number, CPSC recall number, NHTSA campaign number */
        source_id: string;
        category: "food" | "drug" | "device" | "consumer" | "vehicle";
        title: string;
        /** Why the product was recalled */
        reason: string | null;
        /** What could happen to a user */
        hazard: string | null;
        /** FDA Class I/II/III; null for CPSC and NHTSA, which do not classify */
        classification: string | null;
        /** Recalling firm or manufacturer */
        firm: string | null;
        products: Array<string>;
        dates: {
          /** YYYY-MM-DD the recall began */
          initiated: string | null;
          /** YYYY-MM-DD the agency published or received it */
          reported: string | null;
          terminated: string | null;
        };
        distribution: string | null;
        /** FDA: Ongoing, Completed, Terminated; null where the source does not say */
        status: string | null;
        remedy: string | null;
        /** Where the agency's record can be read */
        link: string;
        component: string | null;
        /** NHTSA: do not drive the vehicle until repaired */
        park_it: boolean;
        /** NHTSA: park outside, away from structures (fire risk) */
        park_outside: boolean;
        /** NHTSA: the remedy can be installed over the air */
        over_the_air_update: boolean;
        notes: string | null;
      }>;
      note: string;
      /** Credit and terms to show wherever the data is used */
      attribution: Array<string>;
      freshness: {
        /** ISO time the oldest part of this answer was fetched from its source */
        as_of: string;
        /** True when a source failed and an older cached answer is served instead */
        stale: boolean;
        /** Why stale data was served; null when fresh */
        reason: string | null;
      };
    };
  };
  "recalls.search": {
    method: "GET";
    path: "/toll/recalls/search";
    price: {"per":"call","usd":"0.01"};
    input: {
      /** What to look for: a product, ingredient, hazard or firm, e.g. "listeria", "peanut butter", "stroller" */
      q: string;
      /** Only this kind: food, drug, device (FDA), consumer (CPSC products) or vehicle (NHTSA; q must be a campaign number such as 19V182000). Default: food, drug, device and consumer, or vehicle alone when q is a campaign number */
      category?: "food" | "drug" | "device" | "consumer" | "vehicle";
      /** Recalls reported on or after this day */
      from?: string;
      /** Recalls reported on or before this day */
      to?: string;
      /** FDA severity: class-i (serious harm or death likely) to class-iii (unlikely to cause harm). CPSC and NHTSA do not classify, so this leaves consumer products and vehicles out */
      classification?: "class-i" | "class-ii" | "class-iii";
      /** Recalls to return (1-50), newest first */
      limit?: number;
    };
    output: {
      query: {
        q: string;
        categories: Array<"food" | "drug" | "device" | "consumer" | "vehicle">;
        from: string | null;
        to: string | null;
        classification: string | null;
        limit: number;
      };
      /** False when a dataset failed and its recalls are missing (see sources) */
      complete: boolean;
      count: number;
      /** Newest first by reported date, across datasets */
      recalls: Array<{
        /** Unique across sources: <source>:<source id> */
        id: string;
        source: "openfda" | "cpsc" | "nhtsa";
        /** The agency's own number: FDA recall number, CPSC recall number, NHTSA campaign number */
        source_id: string;
        category: "food" | "drug" | "device" | "consumer" | "vehicle";
        title: string;
        /** Why the product was recalled */
        reason: string | null;
        /** What could happen to a user */
        hazard: string | null;
        /** FDA Class I/II/III; null for CPSC and NHTSA, which do not classify */
        classification: string | null;
        /** Recalling firm or manufacturer */
        firm: string | null;
        products: Array<string>;
        dates: {
          /** YYYY-MM-DD the recall began */
          initiated: string | null;
          /** YYYY-MM-DD the agency published or received it */
          reported: string | null;
          terminated: string | null;
        };
        distribution: string | null;
        /** FDA: Ongoing, Completed, Terminated; null where the source does not say */
        status: string | null;
        remedy: string | null;
        /** Where the agency's record can be read */
        link: string;
      }>;
      sources: Array<{
        dataset: "fda-food" | "fda-drug" | "fda-device" | "cpsc" | "nhtsa";
        outcome: "ok" | "failed";
        /** Matches the dataset holds in all (null when it failed) */
        total: number | null;
        error: string | null;
        as_of: string | null;
        stale: boolean;
      }>;
      /** Credit and terms to show wherever the data is used */
      attribution: Array<string>;
      freshness: {
        /** ISO time the oldest part of this answer was fetched from its source */
        as_of: string;
        /** True when a source failed and an older cached answer is served instead */
        stale: boolean;
        /** Why stale data was served; null when fresh */
        reason: string | null;
      };
    };
  };
  "registry.getHealth": {
    method: "GET";
    path: "/toll/registry/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      /** null while the database is unreachable */
      registry: {
        listings: number;
        verified: number;
        registry_updated: string;
        registry_version: number;
        probed_24h: number;
      } | null;
      reason?: string;
      sources: Array<{
        name: string;
        role: string;
        ok: boolean;
      }>;
      prober: {
        enabled: boolean;
        interval_seconds: number;
        concurrency: number;
        timeout_ms: number;
        private_targets_allowed: boolean;
        last_tick_at: string | null;
        last_tick_probes: number;
      };
      rate_limits: {
        submit: {
          limit: number;
          window_seconds: number;
        };
        questionnaire: {
          limit: number;
          window_seconds: number;
        };
      };
    };
  };
  "registry.getListings": {
    method: "GET";
    path: "/api/listings";
    price: null;
    input: {
      /** Lookup mode: only listings whose capability_tags contain this tag, ranked, with rank_factors */
      capability?: string;
      /** Price ceiling in USD per call; listings above it, or whose per-call price cannot be read, are excluded */
      max_price?: string;
      /** true returns only verified (badged) listings */
      verified_only?: boolean;
      /** Only listings with this auth_method */
      auth?: "none" | "api-key" | "x402" | "signature";
    };
    output: {
      /** Registry listing schema version (spec §9) */
      schema_version: "0.1";
      listings: Array<{
        id: string;
        name: string;
        description: string;
        category: string;
        endpoint_url: string;
        io_format: {
          request: string;
          response: string;
          schema_url?: string;
        };
        pricing: {
          model: "free" | "per_call" | "per_block" | "subscription" | "quote";
          usd?: string;
          requests?: number;
          period?: string;
          assets?: Array<string>;
          network?: string;
          notes?: string;
        };
        auth_method: "none" | "api-key" | "x402" | "signature";
        contact: {
          name?: string;
          email?: string;
          url?: string;
        };
        capability_tags: Array<string>;
        /** Verification badge: true for operator-verified listings */
        verified: boolean;
        published_at: string;
        rank_factors?: {
          position: number;
          verified: boolean;
          /** up: uptime ≥ 95 %; degraded: ≥ 50 %; down: below; unmeasured: no probe in 24 h */
          health: "up" | "degraded" | "unmeasured" | "down";
          /** Share of successful probes in the last 24 h (0-1) */
          uptime_24h: number | null;
          probes_24h: number;
          /** Median latency of successful probes in the last 24 h */
          latency_ms_p50: number | null;
          last_probe_at: string | null;
          /** null when the pricing model gives no per-call price (subscription, quote) */
          price_per_call_usd: string | null;
          /** Distinct client-days on which a lookup returned this listing, last 30 days */
          usage_30d: number;
          /** The first factor that put this result above the next one */
          ahead_of_next_by: "verified" | "health" | "uptime" | "latency" | "price" | "usage" | "published_at" | null;
          explanation: string;
        };
      }>;
      /** Change marker (ISO time of the last publish, strictly increasing); re-pull when it changes */
      registry_updated: string;
      /** Publishes so far */
      registry_version: number;
      /** The filters applied */
      lookup: {
        capability: string | null;
        max_price: string | null;
        verified_only: boolean;
        auth: string | null;
        matched: number;
      };
    };
  };
  "registry.getSnapshot": {
    method: "GET";
    path: "/registry.json";
    price: null;
    input: Record<string, never>;
    output: {
      /** Registry listing schema version (spec §9) */
      schema_version: "0.1";
      listings: Array<{
        id: string;
        name: string;
        description: string;
        category: string;
        endpoint_url: string;
        io_format: {
          request: string;
          response: string;
          schema_url?: string;
        };
        pricing: {
          model: "free" | "per_call" | "per_block" | "subscription" | "quote";
          usd?: string;
          requests?: number;
          period?: string;
          assets?: Array<string>;
          network?: string;
          notes?: string;
        };
        auth_method: "none" | "api-key" | "x402" | "signature";
        contact: {
          name?: string;
          email?: string;
          url?: string;
        };
        capability_tags: Array<string>;
        /** Verification badge: true for operator-verified listings */
        verified: boolean;
        published_at: string;
      }>;
      registry_updated: string;
      registry_version: number;
    };
  };
  "registry.submit": {
    method: "POST";
    path: "/api/submit";
    price: null;
    input: {
      /** Service name (1-80 characters) */
      name: string;
      /** What the service does (1-500 characters) */
      description: string;
      /** One lowercase category, e.g. "data" or "weather" */
      category: string;
      /** The endpoint agents call (http or https, at most 2048 characters); one listing per endpoint */
      endpoint_url: string;
      /** Request and response format */
      io_format: {
        /** How input is sent */
        request: "none" | "query" | "json" | "form" | "text" | "binary";
        /** What comes back */
        response: "json" | "text" | "binary" | "stream";
        /** Where a machine-readable schema (OpenAPI, JSON Schema) of the endpoint lives */
        schema_url?: string;
      };
      /** Price structure */
      pricing: {
        /** free, per_call, per_block (usd buys `requests` calls), subscription (usd per `period`) or quote (priced per request) */
        model: "free" | "per_call" | "per_block" | "subscription" | "quote";
        /** Price in USD: per call, per block or per period; required for per_call, per_block and subscription */
        usd?: string;
        /** per_block only: calls one block buys */
        requests?: number;
        /** subscription only */
        period?: "day" | "week" | "month" | "year";
        /** Assets accepted, e.g. ["USDC", "SOL"] */
        assets?: Array<string>;
        /** Settlement network, e.g. "solana" */
        network?: string;
        /** Anything else a buyer should know */
        notes?: string;
      };
      /** none, api-key, x402 or signature */
      auth_method: "none" | "api-key" | "x402" | "signature";
      /** Who answers for the listing (published) */
      contact: {
        name?: string;
        email?: string;
        url?: string;
      };
      /** 1-20 lowercase tags matched by capability lookups, e.g. ["staking", "etf", "fees"]. Optional (the spec's submission list has no tags): without it the listing is tagged with its category */
      capability_tags?: Array<string>;
      /** Must be true; not published */
      accepted_terms: true;
    };
    output: {
      /** Registry listing schema version (spec §9) */
      schema_version: "0.1";
      outcome: "published";
      verification: "unverified";
      listing: {
        id: string;
        name: string;
        description: string;
        category: string;
        endpoint_url: string;
        io_format: {
          request: string;
          response: string;
          schema_url?: string;
        };
        pricing: {
          model: "free" | "per_call" | "per_block" | "subscription" | "quote";
          usd?: string;
          requests?: number;
          period?: string;
          assets?: Array<string>;
          network?: string;
          notes?: string;
        };
        auth_method: "none" | "api-key" | "x402" | "signature";
        contact: {
          name?: string;
          email?: string;
          url?: string;
        };
        capability_tags: Array<string>;
        /** Verification badge: true for operator-verified listings */
        verified: boolean;
        published_at: string;
      };
      registry_updated: string;
      registry_version: number;
    };
  };
  "registry.submitQuestionnaire": {
    method: "POST";
    path: "/api/questionnaire";
    price: null;
    input: {
      /** Question key → answer (string, number or boolean); at most 50 answers and 8 KB; private, never published */
      answers: {
        [key: string]: string | number | boolean;
      };
    };
    output: {
      stored: true;
      received_at: string;
    };
  };
  "rpc.call": {
    method: "POST";
    path: "/toll/rpc/";
    price: {"per":"block","usd":"0.01","requests":1000};
    input: {
      /** Always "2.0" (single request) */
      jsonrpc?: "2.0";
      /** Request id, echoed in the response */
      id?: string | number | null;
      /** A Solana JSON-RPC method (reads, simulateTransaction, sendTransaction); this list is every method served */
      method?: "getAccountInfo" | "getBalance" | "getBlock" | "getBlockCommitment" | "getBlockHeight" | "getBlockProduction" | "getBlockTime" | "getBlocks" | "getBlocksWithLimit" | "getClusterNodes" | "getEpochInfo" | "getEpochSchedule" | "getFeeForMessage" | "getFirstAvailableBlock" | "getGenesisHash" | "getHealth" | "getHighestSnapshotSlot" | "getIdentity" | "getInflationGovernor" | "getInflationRate" | "getInflationReward" | "getLargestAccounts" | "getLatestBlockhash" | "getLeaderSchedule" | "getMaxRetransmitSlot" | "getMaxShredInsertSlot" | "getMinimumBalanceForRentExemption" | "getMultipleAccounts" | "getProgramAccounts" | "getRecentPerformanceSamples" | "getRecentPrioritizationFees" | "getSignatureStatuses" | "getSignaturesForAddress" | "getSlot" | "getSlotLeader" | "getSlotLeaders" | "getStakeMinimumDelegation" | "getSupply" | "getTokenAccountBalance" | "getTokenAccountsByDelegate" | "getTokenAccountsByOwner" | "getTokenLargestAccounts" | "getTokenSupply" | "getTransaction" | "getTransactionCount" | "getVersion" | "getVoteAccounts" | "isBlockhashValid" | "minimumLedgerSlot" | "simulateTransaction" | "sendTransaction";
      /** Positional parameters, as the Solana RPC documents them */
      params?: Array<unknown>;
      /** A batch of 1-100 requests, answered as an array in the same order */
      batch?: Array<{
        /** Always "2.0" */
        jsonrpc: "2.0";
        /** Request id, echoed in the response */
        id: string | number | null;
        /** A Solana JSON-RPC method (reads, simulateTransaction, sendTransaction); this list is every method served */
        method: "getAccountInfo" | "getBalance" | "getBlock" | "getBlockCommitment" | "getBlockHeight" | "getBlockProduction" | "getBlockTime" | "getBlocks" | "getBlocksWithLimit" | "getClusterNodes" | "getEpochInfo" | "getEpochSchedule" | "getFeeForMessage" | "getFirstAvailableBlock" | "getGenesisHash" | "getHealth" | "getHighestSnapshotSlot" | "getIdentity" | "getInflationGovernor" | "getInflationRate" | "getInflationReward" | "getLargestAccounts" | "getLatestBlockhash" | "getLeaderSchedule" | "getMaxRetransmitSlot" | "getMaxShredInsertSlot" | "getMinimumBalanceForRentExemption" | "getMultipleAccounts" | "getProgramAccounts" | "getRecentPerformanceSamples" | "getRecentPrioritizationFees" | "getSignatureStatuses" | "getSignaturesForAddress" | "getSlot" | "getSlotLeader" | "getSlotLeaders" | "getStakeMinimumDelegation" | "getSupply" | "getTokenAccountBalance" | "getTokenAccountsByDelegate" | "getTokenAccountsByOwner" | "getTokenLargestAccounts" | "getTokenSupply" | "getTransaction" | "getTransactionCount" | "getVersion" | "getVoteAccounts" | "isBlockhashValid" | "minimumLedgerSlot" | "simulateTransaction" | "sendTransaction";
        /** Positional parameters, as the Solana RPC documents them */
        params?: Array<unknown>;
      }>;
    };
    output: {
      jsonrpc: "2.0";
      id: string | number | null;
      /** Exactly what the upstream node answered (u64 integers unrounded) */
      result?: unknown;
      /** The upstream error, passed through */
      error?: {
        code: number;
        message: string;
        data?: unknown;
      };
    } | Array<{
      jsonrpc: "2.0";
      id: string | number | null;
      /** Exactly what the upstream node answered (u64 integers unrounded) */
      result?: unknown;
      /** The upstream error, passed through */
      error?: {
        code: number;
        message: string;
        data?: unknown;
      };
    }>;
  };
  "rpc.callGet": {
    method: "GET";
    path: "/toll/rpc/";
    price: {"per":"block","usd":"0.01","requests":1000};
    input: {
      /** A Solana JSON-RPC read method (sendTransaction needs POST) */
      method: "getAccountInfo" | "getBalance" | "getBlock" | "getBlockCommitment" | "getBlockHeight" | "getBlockProduction" | "getBlockTime" | "getBlocks" | "getBlocksWithLimit" | "getClusterNodes" | "getEpochInfo" | "getEpochSchedule" | "getFeeForMessage" | "getFirstAvailableBlock" | "getGenesisHash" | "getHealth" | "getHighestSnapshotSlot" | "getIdentity" | "getInflationGovernor" | "getInflationRate" | "getInflationReward" | "getLargestAccounts" | "getLatestBlockhash" | "getLeaderSchedule" | "getMaxRetransmitSlot" | "getMaxShredInsertSlot" | "getMinimumBalanceForRentExemption" | "getMultipleAccounts" | "getProgramAccounts" | "getRecentPerformanceSamples" | "getRecentPrioritizationFees" | "getSignatureStatuses" | "getSignaturesForAddress" | "getSlot" | "getSlotLeader" | "getSlotLeaders" | "getStakeMinimumDelegation" | "getSupply" | "getTokenAccountBalance" | "getTokenAccountsByDelegate" | "getTokenAccountsByOwner" | "getTokenLargestAccounts" | "getTokenSupply" | "getTransaction" | "getTransactionCount" | "getVersion" | "getVoteAccounts" | "isBlockhashValid" | "minimumLedgerSlot" | "simulateTransaction";
      /** The params array as JSON text, e.g. ["<address>",{"commitment":"confirmed"}] */
      params?: string;
    };
    output: {
      jsonrpc: "2.0";
      id: string | number | null;
      /** Exactly what the upstream node answered (u64 integers unrounded) */
      result?: unknown;
      /** The upstream error, passed through */
      error?: {
        code: number;
        message: string;
        data?: unknown;
      };
    } | Array<{
      jsonrpc: "2.0";
      id: string | number | null;
      /** Exactly what the upstream node answered (u64 integers unrounded) */
      result?: unknown;
      /** The upstream error, passed through */
      error?: {
        code: number;
        message: string;
        data?: unknown;
      };
    }>;
  };
  "rpc.getHealth": {
    method: "GET";
    path: "/toll/rpc/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      upstreams: Array<{
        /** As shown in x-toll-upstream */
        name: string;
        /** Scheme, host and port only (paths and queries may hold API keys) */
        origin: string;
        /** down: circuit open after repeated failures; lagging: too many slots behind the best upstream */
        state: "up" | "lagging" | "down";
        /** Over the last 100 successful calls and probes */
        latency_ms: {
          ewma: number;
          p50: number;
          p90: number;
          samples: number;
        } | null;
        slots_behind: number | null;
      }>;
      cache: {
        entries: number;
        /** Approximate: characters of cached result text */
        bytes: number;
        max_entries: number;
        max_bytes: number;
        hits: number;
        misses: number;
        /** Requests that may not be cached (writes, per-node methods, minContextSlot) */
        bypass: number;
        stale: number;
        /** Misses that waited for an identical request already in flight */
        coalesced: number;
        /** hits / (hits + misses) */
        hit_ratio: number | null;
      };
    };
  };
  "rpc.getUpstreams": {
    method: "GET";
    path: "/toll/rpc/upstreams";
    price: null;
    input: Record<string, never>;
    output: {
      /** In the order a read would try them now */
      upstreams: Array<{
        /** As shown in x-toll-upstream */
        name: string;
        /** Scheme, host and port only (paths and queries may hold API keys) */
        origin: string;
        /** down: circuit open after repeated failures; lagging: too many slots behind the best upstream */
        state: "up" | "lagging" | "down";
        /** Over the last 100 successful calls and probes */
        latency_ms: {
          ewma: number;
          p50: number;
          p90: number;
          samples: number;
        } | null;
        /** A read waits this long for this upstream before asking the next one too */
        hedge_delay_ms: number;
        /** Latest processed slot seen by the health probe */
        slot: number | null;
        slots_behind: number | null;
        requests: number;
        failures: number;
        consecutive_failures: number;
        /** Hedged reads this upstream answered first */
        hedges_won: number;
        /** While the circuit is open: when the upstream is tried again */
        down_until: string | null;
        last_success_at: string | null;
        last_failure: {
          at: string;
          reason: string;
        } | null;
      }>;
      hedging: {
        enabled: boolean;
        min_ms: number;
        max_ms: number;
      };
      /** getSlot health probe period (0: off) */
      probe_interval_ms: number;
    };
  };
  "screener.getHealth": {
    method: "GET";
    path: "/toll/screener/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      snapshot: {
        /** When the snapshot inputs were fetched (ISO 8601 UTC) */
        as_of: string;
        built_at: string;
        /** true when the last successful build is older than 3 days */
        stale: boolean;
        prices_source: string;
        fundamentals_period: string;
        id: number;
        row_count: number;
      } | null;
      last_build: {
        at: string | null;
        outcome: string | null;
        error: string | null;
      };
      fields: {
        [key: string]: string;
      };
      sectors: Array<string>;
      governor: {
        sec: "shared" | "per-process";
        sec_rate_per_second: number;
      };
    };
  };
  "screener.getStock": {
    method: "GET";
    path: "/toll/screener/stock/{ticker}";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** US ticker symbol, e.g. KO or BRK.B */
      ticker: string;
    };
    output: {
      ticker: string;
      name: string;
      cik: string | null;
      sector: string | null;
      industry: string | null;
      price: string;
      market_cap: string | null;
      pe: string | null;
      pb: string | null;
      net_margin: string | null;
      operating_margin: string | null;
      revenue_growth: string | null;
      dividend_yield: string | null;
      revenue: string | null;
      net_income: string | null;
      snapshot: {
        /** When the snapshot inputs were fetched (ISO 8601 UTC) */
        as_of: string;
        built_at: string;
        /** true when the last successful build is older than 3 days */
        stale: boolean;
        prices_source: string;
        fundamentals_period: string;
      };
      sources: Array<{
        id: string;
        license: string;
      }>;
    };
  };
  "screener.preview": {
    method: "POST";
    path: "/toll/screener/preview";
    price: null;
    input: {
      /** Minimum Market capitalisation, USD */
      market_cap_min?: number;
      /** Maximum Market capitalisation, USD */
      market_cap_max?: number;
      /** Minimum Last sale price, USD */
      price_min?: number;
      /** Maximum Last sale price, USD */
      price_max?: number;
      /** Minimum Price/earnings: market cap ÷ net income of the last calendar year (null for a loss) */
      pe_min?: number;
      /** Maximum Price/earnings: market cap ÷ net income of the last calendar year (null for a loss) */
      pe_max?: number;
      /** Minimum Price/book: market cap ÷ stockholders equity at the last quarter end (null when equity ≤ 0) */
      pb_min?: number;
      /** Maximum Price/book: market cap ÷ stockholders equity at the last quarter end (null when equity ≤ 0) */
      pb_max?: number;
      /** Minimum Net income ÷ revenue, percent */
      net_margin_min?: number;
      /** Maximum Net income ÷ revenue, percent */
      net_margin_max?: number;
      /** Minimum Operating income ÷ revenue, percent */
      operating_margin_min?: number;
      /** Maximum Operating income ÷ revenue, percent */
      operating_margin_max?: number;
      /** Minimum Revenue growth over the prior calendar year, percent */
      revenue_growth_min?: number;
      /** Maximum Revenue growth over the prior calendar year, percent */
      revenue_growth_max?: number;
      /** Minimum Dividends declared per share in the last calendar year ÷ price, percent */
      dividend_yield_min?: number;
      /** Maximum Dividends declared per share in the last calendar year ÷ price, percent */
      dividend_yield_max?: number;
      /** Keep only these sectors: Basic Materials, Consumer Discretionary, Consumer Staples, Energy, Finance, Health Care, Industrials, Miscellaneous, Real Estate, Technology, Telecommunications, Utilities */
      sectors?: Array<"Basic Materials" | "Consumer Discretionary" | "Consumer Staples" | "Energy" | "Finance" | "Health Care" | "Industrials" | "Miscellaneous" | "Real Estate" | "Technology" | "Telecommunications" | "Utilities">;
      /** Field to sort by (rows without it come last) */
      sort?: "market_cap" | "price" | "pe" | "pb" | "net_margin" | "operating_margin" | "revenue_growth" | "dividend_yield";
      order?: "asc" | "desc";
    };
    output: {
      /** Stocks in the universe the screen ran over */
      evaluated_count: number;
      /** Stocks passing every filter */
      match_count: number;
      /** The first 3 matches in the requested order */
      first: Array<{
        ticker: string;
        name: string;
      }>;
      snapshot: {
        /** When the snapshot inputs were fetched (ISO 8601 UTC) */
        as_of: string;
        built_at: string;
        /** true when the last successful build is older than 3 days */
        stale: boolean;
        prices_source: string;
        fundamentals_period: string;
      };
      note: string;
    };
  };
  "screener.screen": {
    method: "POST";
    path: "/toll/screener/screen";
    price: {"per":"call","usd":"0.01"};
    input: {
      /** Minimum Market capitalisation, USD */
      market_cap_min?: number;
      /** Maximum Market capitalisation, USD */
      market_cap_max?: number;
      /** Minimum Last sale price, USD */
      price_min?: number;
      /** Maximum Last sale price, USD */
      price_max?: number;
      /** Minimum Price/earnings: market cap ÷ net income of the last calendar year (null for a loss) */
      pe_min?: number;
      /** Maximum Price/earnings: market cap ÷ net income of the last calendar year (null for a loss) */
      pe_max?: number;
      /** Minimum Price/book: market cap ÷ stockholders equity at the last quarter end (null when equity ≤ 0) */
      pb_min?: number;
      /** Maximum Price/book: market cap ÷ stockholders equity at the last quarter end (null when equity ≤ 0) */
      pb_max?: number;
      /** Minimum Net income ÷ revenue, percent */
      net_margin_min?: number;
      /** Maximum Net income ÷ revenue, percent */
      net_margin_max?: number;
      /** Minimum Operating income ÷ revenue, percent */
      operating_margin_min?: number;
      /** Maximum Operating income ÷ revenue, percent */
      operating_margin_max?: number;
      /** Minimum Revenue growth over the prior calendar year, percent */
      revenue_growth_min?: number;
      /** Maximum Revenue growth over the prior calendar year, percent */
      revenue_growth_max?: number;
      /** Minimum Dividends declared per share in the last calendar year ÷ price, percent */
      dividend_yield_min?: number;
      /** Maximum Dividends declared per share in the last calendar year ÷ price, percent */
      dividend_yield_max?: number;
      /** Keep only these sectors: Basic Materials, Consumer Discretionary, Consumer Staples, Energy, Finance, Health Care, Industrials, Miscellaneous, Real Estate, Technology, Telecommunications, Utilities */
      sectors?: Array<"Basic Materials" | "Consumer Discretionary" | "Consumer Staples" | "Energy" | "Finance" | "Health Care" | "Industrials" | "Miscellaneous" | "Real Estate" | "Technology" | "Telecommunications" | "Utilities">;
      /** Field to sort by (rows without it come last) */
      sort?: "market_cap" | "price" | "pe" | "pb" | "net_margin" | "operating_margin" | "revenue_growth" | "dividend_yield";
      order?: "asc" | "desc";
      /** Most rows to return, 1-100 (default 25) */
      limit?: number;
    };
    output: {
      /** Stocks in the universe the screen ran over */
      evaluated_count: number;
      /** Stocks passing every filter */
      match_count: number;
      count: number;
      /** Decimal strings; ratios in percent where named so; null where an input is missing */
      results: Array<{
        ticker: string;
        name: string;
        cik: string | null;
        sector: string | null;
        industry: string | null;
        price: string;
        market_cap: string | null;
        pe: string | null;
        pb: string | null;
        net_margin: string | null;
        operating_margin: string | null;
        revenue_growth: string | null;
        dividend_yield: string | null;
        revenue: string | null;
        net_income: string | null;
      }>;
      snapshot: {
        /** When the snapshot inputs were fetched (ISO 8601 UTC) */
        as_of: string;
        built_at: string;
        /** true when the last successful build is older than 3 days */
        stale: boolean;
        prices_source: string;
        fundamentals_period: string;
      };
      universe: string;
      sources: Array<{
        id: string;
        license: string;
      }>;
    };
  };
  "sec.getFilings": {
    method: "GET";
    path: "/toll/sec/filings/{ticker}";
    price: null;
    input: {
      /** US ticker symbol, e.g. AAPL or BRK.B (case-insensitive) */
      ticker: string;
    };
    output: {
      /** Ticker as SEC spells it (share classes with a dash: BRK-B) */
      ticker: string;
      /** SEC Central Index Key, zero-padded to 10 digits */
      cik: string;
      /** Company name as registered with SEC */
      name: string;
      count: number;
      filings: Array<{
        /** Form type: 10-K, 10-Q, 8-K, 4, … */
        form: string;
        /** Date filed (YYYY-MM-DD) */
        filing_date: string;
        /** Period the filing reports on, when it has one */
        report_date: string | null;
        accession_number: string;
        primary_document: string;
        /** SEC description of the primary document */
        description: string | null;
        /** The primary document in the SEC archive (the index page when there is none) */
        url: string;
        /** The filing index page in the SEC archive */
        index_url: string;
      }>;
      source: "sec";
      attribution: string;
      freshness: {
        /** When the data was fetched from SEC (ISO 8601 UTC) */
        as_of: string;
        /** true when SEC could not be reached and an older cached answer is served */
        stale: boolean;
        /** Why stale data is served */
        reason?: string;
      };
    };
  };
  "sec.getFundamentals": {
    method: "GET";
    path: "/toll/sec/fundamentals/{ticker}";
    price: {"per":"call","usd":"0.02"};
    input: {
      /** US ticker symbol, e.g. AAPL or BRK.B (case-insensitive) */
      ticker: string;
    };
    output: {
      /** Ticker as SEC spells it (share classes with a dash: BRK-B) */
      ticker: string;
      /** SEC Central Index Key, zero-padded to 10 digits */
      cik: string;
      /** Company name as registered with SEC */
      name: string;
      /** Latest fiscal-year values from annual reports (10-K, 20-F, 40-F). Each figure (null where the company tags none): value (exact decimal string as reported), unit as reported (USD, USD/shares, shares, or the currency an IFRS filer reports in, such as TWD or EUR/shares), concept (XBRL taxonomy:name it came from), period {start (null for balance-sheet and share figures), end, days}, fiscal_year, fiscal_period (FY, Q1-Q3), form (10-K, 10-Q, 20-F or an amendment), accession_number and filed (to cite the filing), filing_index_url (SEC archive), classes_summed (share classes added up for shares_outstanding, else null). */
      annual: {
        [key: string]: {
          value: string;
          unit: string;
          concept: string;
          period: {
            start: string | null;
            end: string;
            days: number | null;
          };
          fiscal_year: number | null;
          fiscal_period: string | null;
          form: string;
          accession_number: string;
          filed: string;
          filing_index_url: string;
          classes_summed: number | null;
        } | null;
      };
      /** Latest values from quarterly reports (10-Q): the three-month figure where reported, else year-to-date (period.days says which); fields as in annual */
      quarterly: {
        [key: string]: {
          value: string;
          unit: string;
          concept: string;
          period: {
            start: string | null;
            end: string;
            days: number | null;
          };
          fiscal_year: number | null;
          fiscal_period: string | null;
          form: string;
          accession_number: string;
          filed: string;
          filing_index_url: string;
          classes_summed: number | null;
        } | null;
      };
      /** The XBRL concepts read for each figure, in order of preference */
      concepts: {
        [key: string]: Array<string>;
      };
      source: "sec";
      attribution: string;
      notes: Array<string>;
      freshness: {
        /** When the data was fetched from SEC (ISO 8601 UTC) */
        as_of: string;
        /** true when SEC could not be reached and an older cached answer is served */
        stale: boolean;
        /** Why stale data is served */
        reason?: string;
      };
    };
  };
  "sec.getHealth": {
    method: "GET";
    path: "/toll/sec/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: Array<{
        id: string;
        base_url: string;
        license: string;
        terms: string;
        last_success_at: string | null;
        last_failure: {
          at: string;
          code: string;
          message: string;
        } | null;
      }>;
      governor: {
        /** shared: one Postgres-backed schedule across replicas and groups */
        mode: "shared" | "per-process";
        /** Requests per second to SEC, for all replicas together when shared */
        rate_per_second: number;
        /** Per-process rate while the shared governor is unavailable */
        fallback_rate_per_second: number;
        calls: {
          shared: number;
          fallback: number;
        } | null;
      };
      cache: {
        entries: number;
        hits: number;
        misses: number;
        stale: number;
        errors: number;
      };
    };
  };
  "short.getHealth": {
    method: "GET";
    path: "/toll/short/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sync: {
        /** Newest settlement date loaded */
        last_settlement_date: string | null;
        last_publication_date: string | null;
        /** When its current file was loaded */
        loaded_at: string | null;
        rows: number | null;
        files_loaded: number;
        /** Next settlement date after the newest loaded one */
        next_settlement_date: string;
        /** When FINRA should publish it; the sync looks every interval after that */
        next_expected_publication: string;
        /** The next file is more than 2 days past its expected publication */
        overdue: boolean;
        last_run_at: string | null;
        last_outcome: string | null;
        last_error: string | null;
        interval_hours: number;
      };
      source: {
        id: "finra";
        base_url: string;
        terms: string;
      };
    };
  };
  "short.getMostShorted": {
    method: "GET";
    path: "/toll/short/most-shorted";
    price: null;
    input: Record<string, never>;
    output: {
      /** Date the short positions were measured (YYYY-MM-DD) */
      settlement_date: string;
      /** Date FINRA disseminates that settlement's data (its schedule: 7th business day after settlement) */
      publication_date: string;
      filters: {
        /** Liquidity floor in shares */
        min_average_daily_volume: number;
        /** OTC market classes left out */
        excluded_markets: Array<string>;
      };
      /** Rows of that settlement date that pass the filters */
      eligible_count: number;
      count: number;
      items: Array<{
        rank: number;
        ticker: string;
        issue_name: string;
        market: string;
        days_to_cover: string;
        shares_short: string;
        average_daily_volume: string;
        change_pct: string | null;
      }>;
      source: "finra";
      attribution: string;
    };
  };
  "short.getShort": {
    method: "GET";
    path: "/toll/short/short/{ticker}";
    price: {"per":"call","usd":"0.01"};
    input: {
      /** US ticker symbol, e.g. GME or BRK.B (case-insensitive) */
      ticker: string;
    };
    output: {
      ticker: string;
      issue_name: string;
      /** FINRA market class of the listing (NYSE, NNM, ARCA, BZX, …) */
      market: string;
      /** Date the short positions were measured (YYYY-MM-DD) */
      settlement_date: string;
      /** Date FINRA disseminates that settlement's data (its schedule: 7th business day after settlement) */
      publication_date: string;
      /** When this service first loaded that settlement date */
      first_seen_at: string;
      /** Short position at settlement, shares (exact integer string) */
      shares_short: string;
      /** At the previous settlement date */
      previous_shares_short: string | null;
      /** shares_short minus previous_shares_short */
      change: string | null;
      change_pct: string | null;
      /** Shares, over the settlement period */
      average_daily_volume: string | null;
      /** shares_short ÷ average_daily_volume, as FINRA computes it */
      days_to_cover: string | null;
      /** FINRA flagged the row as a revision */
      revised: boolean;
      /** A stock split happened in the period */
      stock_split: boolean;
      /** The newest settlement date loaded; differs when the ticker is absent from it */
      latest_loaded_settlement_date: string;
      source: "finra";
      attribution: string;
      source_url: string;
    };
  };
  "spend.check": {
    method: "POST";
    path: "/toll/spend/check";
    price: {"per":"call","usd":"0.01"};
    input: {
      /** The agent this policy governs, e.g. a wallet address, a DID or your own id (1-128 characters) */
      agent_id: string;
      /** The spend in USD cents */
      amount_usd_cents: number;
      /** Who would be paid (address, host or name) */
      recipient?: string;
      /** What the spend is for, as a registry capability tag (e.g. "weather") */
      category?: string;
      /** Proves the check comes from the agent: required unless the policy names allowed_payers (then the paying wallet proves it) or has open_checks */
      check_key?: string;
    };
    output: {
      decision: "allow" | "deny";
      /** Names this decision in the audit log; keep it to confirm or void the reservation */
      decision_id: string;
      agent_id: string;
      amount_usd_cents: number;
      recipient: string | null;
      category: string | null;
      policy_version: number;
      /** Every rule that denied the spend (empty when allowed) */
      reasons: Array<{
        code: "POLICY_INACTIVE" | "PAYER_NOT_ALLOWED" | "CHECK_KEY_REQUIRED" | "CHECK_KEY_INVALID" | "PER_TX_LIMIT" | "DAILY_LIMIT" | "WEEKLY_LIMIT" | "MONTHLY_LIMIT" | "RECIPIENT_BLOCKED" | "CATEGORY_REQUIRED" | "CATEGORY_NOT_ALLOWED";
        message: string;
        window?: "daily" | "weekly" | "monthly";
      }>;
      warnings: Array<{
        code: "NEAR_LIMIT";
        window: "daily" | "weekly" | "monthly";
        percent_used: number;
        message: string;
      }>;
      per_tx: {
        /** null: no limit */
        limit_cents: number | null;
        amount_cents: number;
      };
      windows: Array<{
        window: "daily" | "weekly" | "monthly";
        mode: "calendar" | "rolling";
        /** USD cents; null: no limit */
        limit_cents: number | null;
        /** Counted before this check: confirmed amounts plus held ones */
        used_cents: number;
        /** null: no limit */
        remaining_cents: number | null;
        /** Including this check when it was allowed */
        used_after_cents: number;
        started_at: string;
        /** calendar: the next window boundary; rolling: when the oldest counted spend leaves the window (null: nothing counted) */
        resets_at: string | null;
      }>;
      /** The amount held in the windows when allowed */
      reservation: {
        decision_id: string;
        agent_id: string;
        /** held: counted and still voidable; confirmed: counted for good; voided: not counted */
        status: "held" | "confirmed" | "voided";
        allowed_cents: number;
        /** What this reservation adds to the windows now */
        counted_cents: number;
        held_at: string;
        /** Until then it may be voided or confirmed for less; afterwards it is confirmed in full */
        void_until: string;
        settled_at: string | null;
      } | null;
      decided_at: string;
    };
  };
  "spend.confirm": {
    method: "POST";
    path: "/toll/spend/confirm";
    price: null;
    input: {
      /** The agent this policy governs, e.g. a wallet address, a DID or your own id (1-128 characters) */
      agent_id: string;
      decision_id: string;
      /** The final amount actually spent, at most the amount allowed; default the amount allowed */
      amount_usd_cents?: number;
    };
    output: {
      decision_id: string;
      agent_id: string;
      /** held: counted and still voidable; confirmed: counted for good; voided: not counted */
      status: "held" | "confirmed" | "voided";
      allowed_cents: number;
      /** What this reservation adds to the windows now */
      counted_cents: number;
      held_at: string;
      /** Until then it may be voided or confirmed for less; afterwards it is confirmed in full */
      void_until: string;
      settled_at: string | null;
    };
  };
  "spend.getAudit": {
    method: "GET";
    path: "/toll/spend/audit/{agent_id}";
    price: null;
    input: {
      /** The agent this policy governs, e.g. a wallet address, a DID or your own id (1-128 characters) */
      agent_id: string;
      /** The read_key returned when the policy was created */
      read_key: string;
      /** Entries per page, 1-100, default 20 */
      limit?: number;
      /** next_cursor from the previous page: entries older than it */
      cursor?: string;
    };
    output: {
      agent_id: string;
      /** Newest first */
      entries: Array<{
        /** Position in the agent log (a decimal string) */
        seq: string;
        decision_id: string;
        decided_at: string;
        decision: "allow" | "deny";
        amount_usd_cents: number;
        recipient: string | null;
        category: string | null;
        /** Wallet that paid for the check */
        payer: string | null;
        policy_version: number;
        reasons: Array<{
          code: "POLICY_INACTIVE" | "PAYER_NOT_ALLOWED" | "CHECK_KEY_REQUIRED" | "CHECK_KEY_INVALID" | "PER_TX_LIMIT" | "DAILY_LIMIT" | "WEEKLY_LIMIT" | "MONTHLY_LIMIT" | "RECIPIENT_BLOCKED" | "CATEGORY_REQUIRED" | "CATEGORY_NOT_ALLOWED";
          message: string;
          window?: "daily" | "weekly" | "monthly";
        }>;
        warnings: Array<{
          code: "NEAR_LIMIT";
          window: "daily" | "weekly" | "monthly";
          percent_used: number;
          message: string;
        }>;
        windows: Array<{
          window: "daily" | "weekly" | "monthly";
          mode: "calendar" | "rolling";
          /** USD cents; null: no limit */
          limit_cents: number | null;
          /** Counted before this check: confirmed amounts plus held ones */
          used_cents: number;
          /** null: no limit */
          remaining_cents: number | null;
          /** Including this check when it was allowed */
          used_after_cents: number;
          started_at: string;
          /** calendar: the next window boundary; rolling: when the oldest counted spend leaves the window (null: nothing counted) */
          resets_at: string | null;
        }>;
        /** Its state now (the entry itself never changes) */
        reservation: {
          decision_id: string;
          agent_id: string;
          /** held: counted and still voidable; confirmed: counted for good; voided: not counted */
          status: "held" | "confirmed" | "voided";
          allowed_cents: number;
          /** What this reservation adds to the windows now */
          counted_cents: number;
          held_at: string;
          /** Until then it may be voided or confirmed for less; afterwards it is confirmed in full */
          void_until: string;
          settled_at: string | null;
        } | null;
      }>;
      /** Pass as cursor for older entries; null at the end */
      next_cursor: string | null;
    };
  };
  "spend.getHealth": {
    method: "GET";
    path: "/toll/spend/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      reason?: string;
      sources: Array<{
        name: string;
        role: string;
        ok: boolean;
      }>;
      rules: {
        windows: {
          calendar: string;
          rolling: string;
        };
        default_hold_seconds: number;
        reasons: Array<string>;
        categories: string;
        credentials: string;
      };
    };
  };
  "spend.getPolicy": {
    method: "GET";
    path: "/toll/spend/policy/{agent_id}";
    price: null;
    input: {
      /** The agent this policy governs, e.g. a wallet address, a DID or your own id (1-128 characters) */
      agent_id: string;
      /** The read_key returned when the policy was created */
      read_key: string;
      /** Also return this earlier version (the policy_version an audit entry names) */
      version?: number;
    };
    output: {
      agent_id: string;
      version: number;
      policy: {
        /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
        per_tx_limit_cents: number | null;
        /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
        daily_limit_cents: number | null;
        /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
        weekly_limit_cents: number | null;
        /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
        monthly_limit_cents: number | null;
        allowed_categories: Array<string>;
        blocked_recipients: Array<string>;
        active: boolean;
        window_mode: "calendar" | "rolling";
        warn_at_percent: number | null;
        hold_seconds: number;
        allowed_payers: Array<string>;
        open_checks: boolean;
      };
      created_at: string;
      updated_at: string;
      /** The version asked for with ?version=, as it was written; null without it */
      requested_version: {
        version: number;
        policy: {
          /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
          per_tx_limit_cents: number | null;
          /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
          daily_limit_cents: number | null;
          /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
          weekly_limit_cents: number | null;
          /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
          monthly_limit_cents: number | null;
          allowed_categories: Array<string>;
          blocked_recipients: Array<string>;
          active: boolean;
          window_mode: "calendar" | "rolling";
          warn_at_percent: number | null;
          hold_seconds: number;
          allowed_payers: Array<string>;
          open_checks: boolean;
        };
        written_at: string;
      } | null;
      /** Live usage per window (used_after_cents equals used_cents here) */
      usage: Array<{
        window: "daily" | "weekly" | "monthly";
        mode: "calendar" | "rolling";
        /** USD cents; null: no limit */
        limit_cents: number | null;
        /** Counted before this check: confirmed amounts plus held ones */
        used_cents: number;
        /** null: no limit */
        remaining_cents: number | null;
        /** Including this check when it was allowed */
        used_after_cents: number;
        started_at: string;
        /** calendar: the next window boundary; rolling: when the oldest counted spend leaves the window (null: nothing counted) */
        resets_at: string | null;
      }>;
      /** Part of the usage still held (voidable) */
      held_cents: number;
      as_of: string;
    };
  };
  "spend.setPolicy": {
    method: "POST";
    path: "/toll/spend/policy";
    price: null;
    input: {
      /** The agent this policy governs, e.g. a wallet address, a DID or your own id (1-128 characters) */
      agent_id: string;
      /** Largest single spend (0 allows none), in USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit. Creating: omitted means no limit. Updating: state it (null for no limit) */
      per_tx_limit_cents?: number | null;
      /** Spend allowed per day, in USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit. Creating: omitted means no limit. Updating: state it (null for no limit) */
      daily_limit_cents?: number | null;
      /** Spend allowed per week, in USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit. Creating: omitted means no limit. Updating: state it (null for no limit) */
      weekly_limit_cents?: number | null;
      /** Spend allowed per month, in USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit. Creating: omitted means no limit. Updating: state it (null for no limit) */
      monthly_limit_cents?: number | null;
      /** Registry capability tags a spend may be for (e.g. ["weather", "fees"]); [] allows every category. Creating: omitted means []. Updating: state it */
      allowed_categories?: Array<string>;
      /** Recipients never paid (exact match; 0x hex addresses case-insensitive). Creating: omitted means []. Updating: state it */
      blocked_recipients?: Array<string>;
      /** false switches the policy off: every check is denied. Creating: omitted means true. Updating: state it */
      active?: boolean;
      /** calendar (default): UTC day, ISO week from Monday, month; rolling: the last 24 h, 7 days, 30 days. Omitted on update: unchanged */
      window_mode?: "calendar" | "rolling";
      /** An allowed check warns when a window reaches this share of its limit; null turns warnings off. Omitted on update: unchanged */
      warn_at_percent?: number | null;
      /** How long an allowed amount stays held (voidable, or confirmable for less) before it counts as confirmed; default 900. Omitted on update: unchanged */
      hold_seconds?: number;
      /** When not empty, only checks paid from these wallets are allowed (stops strangers reserving your budget). Omitted on update: unchanged */
      allowed_payers?: Array<string>;
      /** true lets any payer check without check_key (a stranger could then reserve the budget); default false. Omitted on update: unchanged */
      open_checks?: boolean;
      /** Required to change an existing policy; returned once when the policy is created */
      policy_secret?: string;
      /** true (with policy_secret) replaces policy_secret, read_key and check_key; the new ones are returned once */
      rotate_credentials?: boolean;
    };
    output: {
      agent_id: string;
      outcome: "created" | "updated" | "unchanged";
      /** Every change is a new version; the audit names the version that decided */
      version: number;
      policy: {
        /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
        per_tx_limit_cents: number | null;
        /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
        daily_limit_cents: number | null;
        /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
        weekly_limit_cents: number | null;
        /** USD cents (1 USD = 100; a prepaid balance caps in USDC atomic units, 1 cent = 10000 of them); null: no limit */
        monthly_limit_cents: number | null;
        allowed_categories: Array<string>;
        blocked_recipients: Array<string>;
        active: boolean;
        window_mode: "calendar" | "rolling";
        warn_at_percent: number | null;
        hold_seconds: number;
        allowed_payers: Array<string>;
        open_checks: boolean;
      };
      /** The limits this policy does not set (null): spend there is unlimited */
      no_limit: Array<"per_tx_limit_cents" | "daily_limit_cents" | "weekly_limit_cents" | "monthly_limit_cents">;
      /** The policy in one sentence: its limits, those it leaves unlimited, and how to change it */
      note: string;
      /** Only when created or rotated: shown once, stored only as hashes. policy_secret changes the policy; read_key reads it and its audit; check_key goes with every check (give it to the agent) */
      credentials: {
        policy_secret: string;
        read_key: string;
        check_key: string;
      } | null;
      updated_at: string;
    };
  };
  "spend.void": {
    method: "POST";
    path: "/toll/spend/void";
    price: null;
    input: {
      /** The agent this policy governs, e.g. a wallet address, a DID or your own id (1-128 characters) */
      agent_id: string;
      decision_id: string;
    };
    output: {
      decision_id: string;
      agent_id: string;
      /** held: counted and still voidable; confirmed: counted for good; voided: not counted */
      status: "held" | "confirmed" | "voided";
      allowed_cents: number;
      /** What this reservation adds to the windows now */
      counted_cents: number;
      held_at: string;
      /** Until then it may be voided or confirmed for less; afterwards it is confirmed in full */
      void_until: string;
      settled_at: string | null;
    };
  };
  "tokens.getHealth": {
    method: "GET";
    path: "/toll/tokens/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      upstreams: Array<{
        name: string;
        role: "primary" | "fallback";
        /** Outcome of the latest call from this instance */
        state: "ok" | "failing" | "unused";
        last_ok_at: string | null;
        last_error: {
          at: string;
          code: string;
          message: string;
        } | null;
      }>;
      cache: {
        entries: number;
        hits: number;
        misses: number;
        /** Answers served from a stale read */
        stale: number;
        errors: number;
        fresh_ms: number;
        stale_ms: number;
      };
      launches: {
        count: number;
        capacity: number;
      };
    };
  };
  "tokens.getLaunches": {
    method: "GET";
    path: "/toll/tokens/launches";
    price: null;
    input: {
      /** How many recently scored tokens to return (1-100), newest first */
      limit?: number;
    };
    output: {
      /** Tokens scored by this instance, newest first; a mint scored again moves to the top */
      items: Array<{
        /** Base58 address */
        mint: string;
        /** Token program owning the mint: classic SPL Token or Token-2022 (Token Extensions) */
        program: "spl-token" | "spl-token-2022";
        name: string | null;
        symbol: string | null;
        score: number;
        /** low: score ≥ 85; medium: 60-84; high: below 60 */
        risk: "low" | "medium" | "high";
        flags: Array<"mint_authority" | "freeze_authority" | "permanent_delegate" | "non_transferable" | "default_account_state_frozen" | "pausable" | "transfer_hook" | "transfer_fee" | "mint_close_authority" | "metadata_mutable" | "top_holder_share" | "top10_holders_share">;
        scored_at: string;
      }>;
      count: number;
      /** Most tokens remembered (in memory, per instance; oldest dropped first) */
      capacity: number;
    };
  };
  "tokens.getScore": {
    method: "GET";
    path: "/toll/tokens/score/{mint}";
    price: {"per":"call","usd":"0.02"};
    input: {
      /** Mint address of the token (base58), e.g. EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v */
      mint: string;
    };
    output: {
      /** Base58 address */
      mint: string;
      /** Token program owning the mint: classic SPL Token or Token-2022 (Token Extensions) */
      program: "spl-token" | "spl-token-2022";
      name: string | null;
      symbol: string | null;
      /** 100 minus the points every factor deducted (floored at 0); higher is safer */
      score: number;
      /** low: score ≥ 85; medium: 60-84; high: below 60 */
      risk: "low" | "medium" | "high";
      /** Factors that deducted points, heaviest first */
      flags: Array<"mint_authority" | "freeze_authority" | "permanent_delegate" | "non_transferable" | "default_account_state_frozen" | "pausable" | "transfer_hook" | "transfer_fee" | "mint_close_authority" | "metadata_mutable" | "top_holder_share" | "top10_holders_share">;
      /** Every factor, in a fixed order, whether it deducted or not */
      factors: Array<{
        id: "mint_authority" | "freeze_authority" | "permanent_delegate" | "non_transferable" | "default_account_state_frozen" | "pausable" | "transfer_hook" | "transfer_fee" | "mint_close_authority" | "metadata_mutable" | "top_holder_share" | "top10_holders_share";
        label: string;
        /** Most points this factor can deduct */
        weight: number;
        points_deducted: number;
        /** pass: nothing deducted; warn: part of the weight; fail: all of it */
        status: "pass" | "warn" | "fail";
        /** What was seen, in words */
        detail: string;
        /** The accounts and raw values the factor was decided on */
        evidence: {
          [key: string]: string | number | boolean | null | Array<string>;
        };
      }>;
      scored_at: string;
      sources: {
        /** RPC endpoint that served the mint and metadata */
        mint: string;
        /** RPC endpoint(s) that served the largest holders */
        holders: string;
      };
      /** Mint reads are cached 5 min (kept 1 h as a stale fallback); holder lists the same */
      freshness: {
        /** True when every RPC endpoint failed and a cached read was served instead */
        stale: boolean;
        /** ISO time the oldest chain read in this answer was made */
        as_of: string;
        /** Why a stale read was served (present only when stale) */
        reason?: string;
      };
    };
  };
  "tokens.getToken": {
    method: "GET";
    path: "/toll/tokens/token/{mint}";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Mint address of the token (base58), e.g. EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v */
      mint: string;
    };
    output: {
      /** Base58 address */
      mint: string;
      /** Token program owning the mint: classic SPL Token or Token-2022 (Token Extensions) */
      program: "spl-token" | "spl-token-2022";
      /** Base58 address */
      program_id: string;
      /** From the metadata; null without metadata */
      name: string | null;
      symbol: string | null;
      decimals: number;
      supply: {
        /** Raw supply, an integer string in base units */
        amount: string;
        /** Supply in whole tokens (amount shifted by decimals), exact decimal string */
        ui_amount: string;
      };
      /** Who can mint more; null once renounced */
      mint_authority: string | null;
      /** Who can freeze holders; null once renounced */
      freeze_authority: string | null;
      /** On-chain metadata: the Token-2022 extension when the mint carries one, else the Metaplex account; null when neither exists */
      metadata: {
        /** Metaplex Token Metadata account, or the Token-2022 metadata extension on the mint */
        source: "metaplex" | "token-2022";
        /** Account the metadata was read from (the Metaplex PDA, or the mint itself) */
        account: string;
        /** Who can change the metadata; null when nobody can */
        update_authority: string | null;
        name: string;
        symbol: string;
        /** Off-chain JSON (image, description); not fetched */
        uri: string;
        is_mutable: boolean;
        /** Metaplex royalty in basis points; null for Token-2022 metadata */
        seller_fee_bps: number | null;
        primary_sale_happened: boolean | null;
        creators: Array<{
          /** Base58 address */
          address: string;
          verified: boolean;
          share: number;
        }>;
      } | null;
      /** Token-2022 extensions on the mint; empty for classic SPL mints */
      extensions: Array<{
        /** Extension name as agave's jsonParsed spells it, e.g. "permanentDelegate", "transferFeeConfig" */
        extension: string;
        /** Token-2022 ExtensionType id */
        type_id: number;
        /** Decoded fields (snake_case); amounts as integer strings; empty for marker extensions */
        state: {
          [key: string]: string | number | boolean | null;
        };
      }>;
      /** RPC endpoint that answered (named by host; a fallback appears here when the primary failed) */
      source: string;
      /** Mint reads are cached 5 min (kept 1 h as a stale fallback); holder lists the same */
      freshness: {
        /** True when every RPC endpoint failed and a cached read was served instead */
        stale: boolean;
        /** ISO time the oldest chain read in this answer was made */
        as_of: string;
        /** Why a stale read was served (present only when stale) */
        reason?: string;
      };
    };
  };
  "trademarks.getHealth": {
    method: "GET";
    path: "/toll/trademarks/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: Array<{
        id: string;
        role: string;
        /** Whether the API key this source needs is set */
        configured: boolean;
        /** Configuration variable holding the key */
        key: string;
        base_url: string;
        license: string;
        terms: string;
      }>;
      /** Operations that answer 503 on this deployment, and why */
      unavailable: Array<{
        operation_id: string;
        reason: string;
      }>;
      ingest: {
        enabled: boolean;
        every_hours: number;
        last_success_at: string | null;
        last_failure: {
          at: string;
          message: string;
        } | null;
        next_run_at: string | null;
        /** Latest files refused (nothing of them is in the index) */
        rejected_files: Array<{
          file: string;
          date: string;
          error: string | null;
        }>;
      };
      cache: {
        status_entries: number;
        hits: number;
        misses: number;
        stale: number;
        errors: number;
        index_marks: number;
        index_files_loaded: number;
        index_latest_file_date: string | null;
      };
    };
  };
  "trademarks.getStatus": {
    method: "GET";
    path: "/toll/trademarks/status";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Application serial number, 8 digits (e.g. 76044902) */
      serial?: string;
      /** Registration number, up to 8 digits (e.g. 2824281) */
      registration?: string;
    };
    output: {
      serial: string;
      registration_number: string | null;
      /** The words of the mark (null for a design-only mark) */
      mark: string | null;
      /** e.g. "Trademark, Service Mark" */
      kind: string | null;
      /** How the mark is drawn, e.g. standard characters or a design */
      mark_feature: string | null;
      /** Principal or Supplemental */
      register: string | null;
      status: {
        /** The office's status code */
        code: string | null;
        /** YYYY-MM-DD */
        date: string | null;
        /** What the status means, in the office's words */
        description: string | null;
      };
      dates: {
        /** YYYY-MM-DD */
        filed: string | null;
        /** Published for opposition */
        published: string | null;
        /** YYYY-MM-DD */
        registered: string | null;
      };
      /** Current owner (the latest party of record) */
      owner: string | null;
      parties: Array<{
        role: string | null;
        name: string;
        legal_entity: string | null;
        country: string | null;
      }>;
      attorney: string | null;
      classes: Array<{
        class: number | null;
        goods_and_services: string | null;
        status: string | null;
        /** YYYY-MM-DD */
        first_use: string | null;
        /** YYYY-MM-DD */
        first_use_in_commerce: string | null;
      }>;
      /** Prosecution history, newest first */
      events: Array<{
        /** YYYY-MM-DD */
        date: string | null;
        code: string | null;
        description: string | null;
      }>;
      /** The case on the office's site */
      tsdr_url: string;
      source: "tsdr";
      attribution: {
        text: string;
        url: string;
      };
      freshness: {
        /** When the data was read from the office (status) or when the index was last brought up to date (search), ISO 8601 UTC */
        as_of: string;
        /** true when the office could not be reached and an older answer is served, or the index missed its schedule */
        stale: boolean;
        reason?: string;
      };
    };
  };
  "trademarks.searchMarks": {
    method: "GET";
    path: "/toll/trademarks/search";
    price: {"per":"call","usd":"0.01"};
    input: {
      /** The word mark to check, e.g. a product or company name */
      mark: string;
      /** Nice classes 1-45 to search, comma-separated (e.g. "9,42"); omit for all classes */
      classes?: string;
      /** Kinds of match to return */
      match?: string;
      /** Fuzzy matches need at least this similarity (1 - edits / length), 0.5-1, default 0.75 */
      min_similarity?: number;
      /** Matches to return, 1-100 (default 20) */
      limit?: number;
    };
    output: {
      query: {
        mark: string;
        /** Letters and digits compared for exact and fuzzy matches */
        normalised: string;
        /** Sound-alike key compared for phonetic matches */
        sound_key: string;
        classes: Array<number>;
        match: Array<"exact" | "phonetic" | "fuzzy">;
      };
      count: number;
      matches: Array<{
        serial: string;
        registration_number: string | null;
        mark: string;
        /** Strongest kind of match */
        match: "exact" | "phonetic" | "fuzzy";
        /** Every kind that holds, strongest first */
        match_types: Array<"exact" | "phonetic" | "fuzzy">;
        /** 1 - edits / length of the longer text, 0-1 */
        similarity: number;
        /** Why this mark matched, one line per kind */
        reasons: Array<string>;
        classes: Array<number>;
        /** Classes in common with the query (all its classes when the query names none) */
        shared_classes: Array<number>;
        owner: string | null;
        /** YYYY-MM-DD */
        filed: string | null;
        /** YYYY-MM-DD */
        registered: string | null;
        status: {
          code: string | null;
          /** YYYY-MM-DD */
          date: string | null;
        };
        goods_and_services: Array<{
          class: number;
          text: string;
        }>;
        tsdr_url: string;
      }>;
      /** Index rows scored (at most 500: a vaguer query is cut there) */
      candidates_considered: number;
      index: {
        marks: number;
        files_loaded: number;
        /** Date of the newest daily file in the index */
        latest_file_date: string | null;
      };
      source: "odp-bulk";
      attribution: {
        text: string;
        url: string;
      };
      freshness: {
        /** When the data was read from the office (status) or when the index was last brought up to date (search), ISO 8601 UTC */
        as_of: string;
        /** true when the office could not be reached and an older answer is served, or the index missed its schedule */
        stale: boolean;
        reason?: string;
      };
      notes: Array<string>;
    };
  };
  "tron.estimate": {
    method: "POST";
    path: "/toll/tron/estimate";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Sender: TRON base58check address (T…) */
      from: string;
      /** Recipient: TRON base58check address (T…) */
      to: string;
      /** USDT to send (6 decimals at most) */
      amount_usdt: number;
      /** Sender's TRX balance in sun (1 TRX = 1,000,000 sun): the answer says whether it covers the burn */
      trx_balance_sun?: number;
      /** true: also simulate this exact transfer on the node (from the sender) and use its energy instead of the band; the band is used if the simulation reverts */
      contract_call?: boolean;
    };
    output: {
      from: string;
      to: string;
      amount_usdt: string;
      recipient: {
        /** balanceOf(to) > 0: the 64 k vs 130 k energy band */
        holds_usdt: boolean;
        /** USDT, decimal string */
        usdt_balance: string;
        /** The account exists on chain (a TRC-20 transfer does not activate it) */
        activated: boolean;
      };
      energy: {
        required: number;
        basis: "band" | "simulation";
        band: string;
        /** Staked or delegated energy the sender has left */
        sender_available: number;
        to_burn: number;
      };
      bandwidth: {
        required_bytes: number;
        /** Free daily bandwidth left plus staked bandwidth left */
        sender_available_bytes: number;
        /** When the sender lacks the bytes, the whole transaction is paid in TRX */
        burned: boolean;
      };
      cost: {
        /** sun (1 TRX = 1,000,000 sun), integer string */
        energy_burn_sun: string;
        /** sun (1 TRX = 1,000,000 sun), integer string */
        bandwidth_burn_sun: string;
        /** sun (1 TRX = 1,000,000 sun), integer string */
        total_burn_sun: string;
        /** TRX, decimal string */
        total_burn_trx: string;
        /** USD at trx_usd, decimal string to the cent; null without a TRX/USD price */
        total_burn_usd: string | null;
      };
      /** null when trx_balance_sun was not given */
      balance_check: {
        /** sun (1 TRX = 1,000,000 sun), integer string */
        trx_balance_sun: string;
        covers_burn: boolean;
        /** sun (1 TRX = 1,000,000 sun), integer string */
        shortfall_sun: string;
      } | null;
      /** Renting the energy instead of burning TRX */
      rent: {
        available: boolean;
        reason: string;
      };
      params: {
        /** getEnergyFee: sun burned per energy unit */
        energy_fee_sun: number;
        /** getTransactionFee: sun burned per bandwidth byte */
        bandwidth_fee_sun: number;
        /** getFreeNetLimit */
        free_bandwidth_per_day: number;
        as_of: string;
        stale: boolean;
      };
      /** TRX/USD from the data group's price cache; usd null (with reason) when it has no fresh price */
      trx_usd: {
        usd: string | null;
        source: string | null;
        as_of: string | null;
        reason?: string;
      };
      notes: Array<string>;
    };
  };
  "tron.getHealth": {
    method: "GET";
    path: "/toll/tron/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      nodes: Array<{
        id: string;
        host: string;
        role: "primary" | "fallback";
      }>;
      node: {
        last_success_at: string | null;
        last_failure: {
          at: string;
          code: string;
          message: string;
        } | null;
      };
      /** TRX/USD from the data group's price cache; usd null (with reason) when it has no fresh price */
      trx_usd: {
        usd: string | null;
        source: string | null;
        as_of: string | null;
        reason?: string;
      };
      usdt_contract: string;
    };
  };
  "tron.getPrices": {
    method: "GET";
    path: "/toll/tron/prices";
    price: null;
    input: Record<string, never>;
    output: {
      energy_unit_price_sun: number;
      bandwidth_unit_price_sun: number;
      free_bandwidth_per_day: number;
      /** TRX burned by a sender with no energy, for the two bands (plus bandwidth) */
      usdt_transfer_burn: {
        to_holder: {
          energy: number;
          /** TRX, decimal string */
          trx: string;
          /** USD at trx_usd, decimal string to the cent; null without a TRX/USD price */
          usd: string | null;
        };
        to_empty: {
          energy: number;
          /** TRX, decimal string */
          trx: string;
          /** USD at trx_usd, decimal string to the cent; null without a TRX/USD price */
          usd: string | null;
        };
      };
      /** TRX/USD from the data group's price cache; usd null (with reason) when it has no fresh price */
      trx_usd: {
        usd: string | null;
        source: string | null;
        as_of: string | null;
        reason?: string;
      };
      params: {
        /** getEnergyFee: sun burned per energy unit */
        energy_fee_sun: number;
        /** getTransactionFee: sun burned per bandwidth byte */
        bandwidth_fee_sun: number;
        /** getFreeNetLimit */
        free_bandwidth_per_day: number;
        as_of: string;
        stale: boolean;
      };
    };
  };
  "weather.getAlerts": {
    method: "GET";
    path: "/toll/weather/alerts";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Latitude in decimal degrees, -90 to 90 (rounded to 2 decimals, about 1.1 km) */
      lat: number;
      /** Longitude in decimal degrees, -180 to 180 (rounded to 2 decimals, about 1.1 km) */
      lon: number;
    };
    output: {
      location: {
        /** The point used: the requested latitude rounded to 2 decimals (also the cache key) */
        latitude: number;
        /** The point used: the requested longitude rounded to 2 decimals (also the cache key) */
        longitude: number;
        /** Grid the coordinates are rounded to (0.01) */
        precision_deg: number;
        requested: {
          latitude: number;
          longitude: number;
        };
        /** IANA time zone of the point; local times carry its offset */
        timezone: string | null;
        /** Elevation the provider used for the point */
        elevation_m: number | null;
      };
      coverage: "US only";
      /** false for points outside the US: no provider is asked and alerts is empty */
      in_coverage: boolean;
      note: string | null;
      count: number;
      alerts: Array<{
        id: string;
        event: string;
        headline: string | null;
        /** Extreme, Severe, Moderate, Minor or Unknown */
        severity: string;
        urgency: string;
        certainty: string;
        status: string;
        message_type: string;
        category: string;
        area: string;
        sent: string;
        effective: string;
        onset: string | null;
        expires: string | null;
        ends: string | null;
        sender: string | null;
        description: string | null;
        instruction: string | null;
        response: string | null;
      }>;
      /** When NWS last updated its alert collection */
      updated: string | null;
      /** nws, or null when no provider was asked (non-US point) */
      source: "open-meteo" | "met-norway" | "nws" | null;
      attribution: {
        text: string;
        url: string;
        license: string;
      } | null;
      freshness: {
        /** When the data was fetched from the provider (ISO 8601 UTC) */
        as_of: string;
        /** true when every provider failed and an older cached answer is served */
        stale: boolean;
        /** Why stale data is served */
        reason?: string;
      } | null;
    };
  };
  "weather.getCurrent": {
    method: "GET";
    path: "/toll/weather/current";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Latitude in decimal degrees, -90 to 90 (rounded to 2 decimals, about 1.1 km) */
      lat: number;
      /** Longitude in decimal degrees, -180 to 180 (rounded to 2 decimals, about 1.1 km) */
      lon: number;
    };
    output: {
      location: {
        /** The point used: the requested latitude rounded to 2 decimals (also the cache key) */
        latitude: number;
        /** The point used: the requested longitude rounded to 2 decimals (also the cache key) */
        longitude: number;
        /** Grid the coordinates are rounded to (0.01) */
        precision_deg: number;
        requested: {
          latitude: number;
          longitude: number;
        };
        /** IANA time zone of the point; local times carry its offset */
        timezone: string | null;
        /** Elevation the provider used for the point */
        elevation_m: number | null;
      };
      current: {
        /** Time the values are for, ISO 8601 with the local offset */
        time: string;
        /** Plain-text weather condition */
        condition: string;
        /** WMO 4677 weather code (Open-Meteo only) */
        weather_code: number | null;
        /** MET Norway symbol code (MET Norway only) */
        symbol_code: string | null;
        is_day: boolean | null;
        relative_humidity_pct: number | null;
        cloud_cover_pct: number | null;
        /** Direction the wind comes from, degrees */
        wind_direction_deg: number | null;
        metric: {
          temperature_c: number | null;
          apparent_temperature_c: number | null;
          precipitation_mm: number | null;
          wind_speed_kmh: number | null;
          wind_gusts_kmh: number | null;
          /** Mean sea-level pressure */
          pressure_hpa: number | null;
        };
        /** Converted from the same upstream values as metric with exact factors, then rounded */
        imperial: {
          temperature_f: number | null;
          apparent_temperature_f: number | null;
          precipitation_in: number | null;
          wind_speed_mph: number | null;
          wind_gusts_mph: number | null;
          pressure_inhg: number | null;
        };
      };
      /** Provider that produced the data (the fallback when the primary failed) */
      source: "open-meteo" | "met-norway" | "nws";
      /** Credit the provider wherever the data is shown */
      attribution: {
        text: string;
        url: string;
        license: string;
      };
      /** Caveats: fallback used, provider limits, what a value means */
      notes: Array<string>;
      freshness: {
        /** When the data was fetched from the provider (ISO 8601 UTC) */
        as_of: string;
        /** true when every provider failed and an older cached answer is served */
        stale: boolean;
        /** Why stale data is served */
        reason?: string;
      };
    };
  };
  "weather.getForecast": {
    method: "GET";
    path: "/toll/weather/forecast";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** Latitude in decimal degrees, -90 to 90 (rounded to 2 decimals, about 1.1 km) */
      lat: number;
      /** Longitude in decimal degrees, -180 to 180 (rounded to 2 decimals, about 1.1 km) */
      lon: number;
      /** Number of days, 1-16 (default 7), starting today in local time */
      days?: number;
    };
    output: {
      location: {
        /** The point used: the requested latitude rounded to 2 decimals (also the cache key) */
        latitude: number;
        /** The point used: the requested longitude rounded to 2 decimals (also the cache key) */
        longitude: number;
        /** Grid the coordinates are rounded to (0.01) */
        precision_deg: number;
        requested: {
          latitude: number;
          longitude: number;
        };
        /** IANA time zone of the point; local times carry its offset */
        timezone: string | null;
        /** Elevation the provider used for the point */
        elevation_m: number | null;
      };
      days_requested: number;
      days: Array<{
        /** Local date, YYYY-MM-DD */
        date: string;
        /** Plain-text weather condition */
        condition: string;
        /** WMO 4677 weather code (Open-Meteo only) */
        weather_code: number | null;
        /** MET Norway symbol code (MET Norway only) */
        symbol_code: string | null;
        precipitation_probability_pct: number | null;
        uv_index_max: number | null;
        sunrise: string | null;
        sunset: string | null;
        metric: {
          temperature_max_c: number | null;
          temperature_min_c: number | null;
          precipitation_mm: number | null;
          wind_speed_max_kmh: number | null;
        };
        imperial: {
          temperature_max_f: number | null;
          temperature_min_f: number | null;
          precipitation_in: number | null;
          wind_speed_max_mph: number | null;
        };
      }>;
      /** Provider that produced the data (the fallback when the primary failed) */
      source: "open-meteo" | "met-norway" | "nws";
      /** Credit the provider wherever the data is shown */
      attribution: {
        text: string;
        url: string;
        license: string;
      };
      /** Caveats: fallback used, provider limits, what a value means */
      notes: Array<string>;
      freshness: {
        /** When the data was fetched from the provider (ISO 8601 UTC) */
        as_of: string;
        /** true when every provider failed and an older cached answer is served */
        stale: boolean;
        /** Why stale data is served */
        reason?: string;
      };
    };
  };
  "weather.getHealth": {
    method: "GET";
    path: "/toll/weather/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      sources: Array<{
        id: "open-meteo" | "met-norway" | "nws";
        role: string;
        enabled: boolean;
        base_url: string;
        license: string;
        terms: string;
        last_success_at: string | null;
        last_failure: {
          at: string;
          code: string;
          message: string;
        } | null;
      }>;
      cache: {
        entries: number;
        hits: number;
        misses: number;
        stale: number;
        errors: number;
        rounding: string;
      };
    };
  };
  "wiki.getAnswer": {
    method: "GET";
    path: "/toll/wiki/answer";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** A question ("Who was Ada Lovelace?") or a topic ("Eiffel Tower"), 1-300 characters */
      q: string;
    };
    output: {
      /** The question as asked (trimmed) */
      query: string;
      /** The topic searched for once question words were stripped */
      search_term: string;
      /** Title of the page the question resolved to */
      title: string;
      page_id: number | null;
      url: string;
      /** Short description of the page */
      description: string | null;
      /** Plain-text summary of the page (its lead paragraph) */
      answer: string;
      /** True when the topic is ambiguous and the page only lists meanings: pick one of `candidates` and ask again */
      disambiguation: boolean;
      /** For a disambiguation page, the pages it points to (largest articles first); otherwise empty */
      candidates: Array<{
        title: string;
        /** Short description, when the article has one */
        description: string | null;
        url: string;
      }>;
      sources: {
        /** Provider that resolved the question to a page */
        search: "wikipedia-action/search" | "wikipedia-rest/search-title" | "wikipedia-rest/summary" | "wikipedia-action/extracts" | "wikipedia-action/links" | "wikipedia-action/morelike";
        /** Provider of the answer text (a fallback is named here when the primary failed) */
        answer: "wikipedia-action/search" | "wikipedia-rest/search-title" | "wikipedia-rest/summary" | "wikipedia-action/extracts" | "wikipedia-action/links" | "wikipedia-action/morelike";
        /** Provider of the candidates; null when not a disambiguation page */
        candidates: "wikipedia-action/search" | "wikipedia-rest/search-title" | "wikipedia-rest/summary" | "wikipedia-action/extracts" | "wikipedia-action/links" | "wikipedia-action/morelike" | null;
      };
      /** Credit required by CC BY-SA 4.0: show it wherever the content is reused, and share alike */
      attribution: {
        /** Title of the Wikipedia article the content comes from */
        title: string;
        /** Link to the article */
        url: string;
        author: "Wikipedia contributors";
        license: "CC BY-SA 4.0";
        license_url: "https://creativecommons.org/licenses/by-sa/4.0/";
        /** What was done to the original text */
        changes: "extracted summary";
        /** Article revision the text was taken from, when the provider reports it */
        revision: string | null;
      };
      /** Answers are cached for 24 h and kept 7 days as a stale fallback */
      freshness: {
        /** True when Wikipedia could not be reached and a cached copy was served instead */
        stale: boolean;
        /** ISO time the oldest part of this answer was fetched from Wikipedia */
        as_of: string;
        /** Why a stale copy was served (present only when stale) */
        reason?: string;
      };
    };
  };
  "wiki.getHealth": {
    method: "GET";
    path: "/toll/wiki/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      contract_refusals?: Array<{
        from: string;
        contract: string | null;
        problem: string;
        count: number;
        last_at: string;
      }>;
      status: "ok" | "degraded";
      instance_id: string;
      started_at: string;
      uptime_seconds: number;
      tolls: Array<{
        operation_id: string;
        method: string;
        path: string;
        price: {
          per: "call";
          usd: string;
        } | {
          per: "block";
          usd: string;
          requests: number;
        } | {
          per: "bot-month";
          usd: string;
        } | null;
      }>;
      endpoints: Array<{
        operation_id: string;
        method: string;
        path: string;
        summary: string;
        price: {
          per: string;
          usd: string;
          requests?: number;
        } | null;
        input: {
          [key: string]: unknown;
        };
        output: {
          [key: string]: unknown;
        };
      }>;
      upstreams: Array<{
        name: "wikipedia-action/search" | "wikipedia-rest/search-title" | "wikipedia-rest/summary" | "wikipedia-action/extracts" | "wikipedia-action/links" | "wikipedia-action/morelike";
        role: "primary" | "fallback";
        used_for: string;
        endpoint: string;
        /** Outcome of the latest call from this instance */
        state: "ok" | "failing" | "unused";
        last_ok_at: string | null;
        last_error: {
          at: string;
          code: string;
          message: string;
        } | null;
      }>;
      license: {
        name: string;
        url: string;
        author: string;
        note: string;
      };
      cache: {
        entries: number;
        hits: number;
        misses: number;
        /** Answers served from a stale copy */
        stale: number;
        errors: number;
        fresh_ms: number;
        stale_ms: number;
      };
    };
  };
  "wiki.getRelated": {
    method: "GET";
    path: "/toll/wiki/related";
    price: {"per":"call","usd":"0.005"};
    input: {
      /** A question ("Who was Ada Lovelace?") or a topic ("Eiffel Tower"), 1-300 characters */
      q: string;
      /** How many linked articles to return (1-50) */
      limit?: number;
    };
    output: {
      query: string;
      search_term: string;
      /** Title of the page the query resolved to */
      title: string;
      url: string;
      /** "linked": articles the page links to, largest first; "similar": text-similar articles (fallback when the link list is unavailable) */
      relation: "linked" | "similar";
      articles: Array<{
        title: string;
        /** Short description, when the article has one */
        description: string | null;
        url: string;
      }>;
      count: number;
      sources: {
        search: "wikipedia-action/search" | "wikipedia-rest/search-title" | "wikipedia-rest/summary" | "wikipedia-action/extracts" | "wikipedia-action/links" | "wikipedia-action/morelike";
        related: "wikipedia-action/search" | "wikipedia-rest/search-title" | "wikipedia-rest/summary" | "wikipedia-action/extracts" | "wikipedia-action/links" | "wikipedia-action/morelike";
      };
      /** Credit required by CC BY-SA 4.0: show it wherever the content is reused, and share alike */
      attribution: {
        /** Title of the Wikipedia article the content comes from */
        title: string;
        /** Link to the article */
        url: string;
        author: "Wikipedia contributors";
        license: "CC BY-SA 4.0";
        license_url: "https://creativecommons.org/licenses/by-sa/4.0/";
        /** What was done to the original text */
        changes: "extracted summary";
        /** Article revision the text was taken from, when the provider reports it */
        revision: string | null;
      };
      /** Answers are cached for 24 h and kept 7 days as a stale fallback */
      freshness: {
        /** True when Wikipedia could not be reached and a cached copy was served instead */
        stale: boolean;
        /** ISO time the oldest part of this answer was fetched from Wikipedia */
        as_of: string;
        /** Why a stale copy was served (present only when stale) */
        reason?: string;
      };
    };
  };
}
