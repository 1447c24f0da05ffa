// Generated from /openapi.json by tools/generate-client.js; do not edit. Regenerate when the catalog changes.
export interface Operations {
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
      /** degraded when a section went stale or its last load failed */
      status: "ok" | "degraded";
      instanceId: string;
      startedAt: string;
      uptimeSeconds: number;
      endpoints: Array<{
        operationId: string;
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
      tolls: {
        getBundle: {
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
        getSchema: null;
        getHealth: null;
        note: string;
      };
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
        isDst: boolean;
      };
      to: {
        /** Canonical IANA zone name */
        timezone: string;
        /** ISO 8601 local time with UTC offset */
        iso: string;
        /** UTC offset, e.g. "+02:00" */
        offset: string;
        isDst: boolean;
      };
      utc: string;
      epochMs: number;
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
      validUtf8: boolean;
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
      signatureVerified: false;
      note: string;
      claims: {
        /** iat as ISO 8601 */
        issuedAt: string | null;
        /** nbf as ISO 8601 */
        notBefore: string | null;
        /** exp as ISO 8601 */
        expiresAt: string | null;
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
      rootType: "object" | "array" | "string" | "number" | "boolean" | "null";
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
      status: "ok" | "degraded";
      instanceId: string;
      startedAt: string;
      uptimeSeconds: number;
      endpoints: Array<{
        operationId: string;
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
      isDst: boolean;
      utc: string;
      epochMs: number;
      epochSeconds: number;
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
      nextLocal: Array<string>;
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
      rootType?: "object" | "array" | "string" | "number" | "boolean" | "null";
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
      status: "ok" | "degraded";
      instanceId: string;
      startedAt: string;
      uptimeSeconds: number;
      endpoints: Array<{
        operationId: string;
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
        "toll-catalog": {
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
        operationId: string;
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
      tolls: Array<{
        operationId: string;
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
    };
  };
  "discovery.match": {
    method: "POST";
    path: "/toll/discovery/match";
    price: {"per":"call","usd":"0.02"};
    input: {
      /** The task in plain language (3-500 characters) */
      task: string;
      /** Price ceiling in USD per call; tools above it, or whose price is not stated, are left out */
      max_price?: number;
      /** Number of results, 1-20 (default 5) */
      limit?: number;
    };
    output: {
      task: string;
      max_price: number | null;
      results: Array<{
        rank: number;
        /** BM25 relevance (field-boosted); higher is better, comparable within one answer */
        score: number;
        name: string;
        summary: string;
        /** Per call, in USD; null when the source does not state it */
        price_usd: number | null;
        matched: Array<{
          /** The word found in the tool description */
          term: string;
          /** The word of the task it came from */
          query: string;
          /** exact (after stemming), through a synonym, as a prefix or within a small edit distance */
          how: "exact" | "synonym" | "prefix" | "fuzzy";
          /** Where it was found: summary, name, tags, path, description, inputs */
          fields: Array<string>;
        }>;
        reasons: Array<string>;
        source: "toll-catalog";
        call: {
          method: "GET" | "POST";
          /** Path on the Toll gateway; {name} segments are path parameters */
          path: string;
          /** null = free */
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
        /** BM25 relevance (field-boosted); higher is better, comparable within one answer */
        score: number;
        name: string;
        summary: string;
        /** Per call, in USD; null when the source does not state it */
        price_usd: number | null;
        matched: Array<{
          /** The word found in the tool description */
          term: string;
          /** The word of the task it came from */
          query: string;
          /** exact (after stemming), through a synonym, as a prefix or within a small edit distance */
          how: "exact" | "synonym" | "prefix" | "fuzzy";
          /** Where it was found: summary, name, tags, path, description, inputs */
          fields: Array<string>;
        }>;
        reasons: Array<string>;
        source: "index";
        call: {
          endpoint: string;
          /** USD per call as registered */
          price_per_call: string;
          schema_url: string | null;
        };
      } | {
        rank: number;
        /** BM25 relevance (field-boosted); higher is better, comparable within one answer */
        score: number;
        name: string;
        summary: string;
        /** Per call, in USD; null when the source does not state it */
        price_usd: number | null;
        matched: Array<{
          /** The word found in the tool description */
          term: string;
          /** The word of the task it came from */
          query: string;
          /** exact (after stemming), through a synonym, as a prefix or within a small edit distance */
          how: "exact" | "synonym" | "prefix" | "fuzzy";
          /** Where it was found: summary, name, tags, path, description, inputs */
          fields: Array<string>;
        }>;
        reasons: Array<string>;
        source: "registry";
        call: {
          endpoint: string;
          auth_method: string;
          /** The listing pricing as published */
          pricing: unknown;
          io_format: unknown;
          verified: boolean;
        };
      }>;
      /** Tools that matched at least one term */
      considered: number;
      /** Matching tools left out by max_price (above it, or price not stated) */
      excluded_by_price: number;
      sources: {
        "toll-catalog": {
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
      }>;
      note: string;
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
      status: "ok" | "degraded";
      instanceId: string;
      startedAt: string;
      uptimeSeconds: number;
      endpoints: Array<{
        operationId: string;
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
      tolls: Array<{
        operationId: string;
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
  "news.getHealth": {
    method: "GET";
    path: "/toll/news/health";
    price: null;
    input: Record<string, never>;
    output: {
      service: string;
      title: string;
      version: string;
      status: "ok" | "degraded";
      instanceId: string;
      startedAt: string;
      uptimeSeconds: number;
      endpoints: Array<{
        operationId: string;
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
      /** Price of each operation in USD; null is free */
      tolls: {
        [key: string]: {
          per: string;
          usd: string;
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
      status: "ok" | "degraded";
      instanceId: string;
      startedAt: string;
      uptimeSeconds: number;
      endpoints: Array<{
        operationId: string;
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
        recipient: string;
        usdcMint: string;
        usdcTokenAccount: string;
        feePayer: string;
        memoTtlSeconds: number;
        solQuote: {
          solUsd: string;
          source: string;
          asOf: string;
        } | null;
        /** Ed25519 public key (base64, raw 32 bytes) that signs receipts */
        receiptPublicKey: string;
      };
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
      publicKey: string;
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
      status: "ok" | "degraded";
      instanceId: string;
      startedAt: string;
      uptimeSeconds: number;
      endpoints: Array<{
        operationId: string;
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
      /** Every registry route is free */
      tolls: {
        [key: string]: null;
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
      /** A Solana JSON-RPC method (reads, simulateTransaction, sendTransaction); see the README table */
      method?: "getAccountInfo" | "getBalance" | "getBlock" | "getBlockCommitment" | "getBlockHeight" | "getBlockProduction" | "getBlockTime" | "getBlocks" | "getBlocksWithLimit" | "getClusterNodes" | "getEpochInfo" | "getEpochSchedule" | "getFeeForMessage" | "getFirstAvailableBlock" | "getGenesisHash" | "getHealth" | "getHighestSnapshotSlot" | "getIdentity" | "getInflationGovernor" | "getInflationRate" | "getInflationReward" | "getLargestAccounts" | "getLatestBlockhash" | "getLeaderSchedule" | "getMaxRetransmitSlot" | "getMaxShredInsertSlot" | "getMinimumBalanceForRentExemption" | "getMultipleAccounts" | "getProgramAccounts" | "getRecentPerformanceSamples" | "getRecentPrioritizationFees" | "getSignatureStatuses" | "getSignaturesForAddress" | "getSlot" | "getSlotLeader" | "getSlotLeaders" | "getStakeMinimumDelegation" | "getSupply" | "getTokenAccountBalance" | "getTokenAccountsByDelegate" | "getTokenAccountsByOwner" | "getTokenLargestAccounts" | "getTokenSupply" | "getTransaction" | "getTransactionCount" | "getVersion" | "getVoteAccounts" | "isBlockhashValid" | "minimumLedgerSlot" | "simulateTransaction" | "sendTransaction";
      /** Positional parameters, as the Solana RPC documents them */
      params?: Array<unknown>;
      /** A batch of 1-100 requests, answered as an array in the same order */
      batch?: Array<{
        /** Always "2.0" */
        jsonrpc: "2.0";
        /** Request id, echoed in the response */
        id: string | number | null;
        /** A Solana JSON-RPC method (reads, simulateTransaction, sendTransaction); see the README table */
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
      status: "ok" | "degraded";
      instanceId: string;
      startedAt: string;
      uptimeSeconds: number;
      endpoints: Array<{
        operationId: string;
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
        latencyMs: {
          ewma: number;
          p50: number;
          p90: number;
          samples: number;
        } | null;
        slotsBehind: number | null;
      }>;
      tolls: Array<{
        operationId: string;
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
      cache: {
        entries: number;
        /** Approximate: characters of cached result text */
        bytes: number;
        maxEntries: number;
        maxBytes: number;
        hits: number;
        misses: number;
        /** Requests that may not be cached (writes, per-node methods, minContextSlot) */
        bypass: number;
        stale: number;
        /** Misses that waited for an identical request already in flight */
        coalesced: number;
        /** hits / (hits + misses) */
        hitRatio: number | null;
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
        latencyMs: {
          ewma: number;
          p50: number;
          p90: number;
          samples: number;
        } | null;
        /** A read waits this long for this upstream before asking the next one too */
        hedgeDelayMs: number;
        /** Latest processed slot seen by the health probe */
        slot: number | null;
        slotsBehind: number | null;
        requests: number;
        failures: number;
        consecutiveFailures: number;
        /** Hedged reads this upstream answered first */
        hedgesWon: number;
        /** While the circuit is open: when the upstream is tried again */
        downUntil: string | null;
        lastSuccessAt: string | null;
        lastFailure: {
          at: string;
          reason: string;
        } | null;
      }>;
      hedging: {
        enabled: boolean;
        minMs: number;
        maxMs: number;
      };
      /** getSlot health probe period (0: off) */
      probeIntervalMs: number;
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
      status: "ok" | "degraded";
      instanceId: string;
      startedAt: string;
      uptimeSeconds: number;
      endpoints: Array<{
        operationId: string;
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
      /** Price per operationId; null is free */
      tolls: {
        [key: string]: {
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
      };
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
      status: "ok" | "degraded";
      instanceId: string;
      startedAt: string;
      uptimeSeconds: number;
      endpoints: Array<{
        operationId: string;
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
      tolls: Array<{
        operationId: string;
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
      status: "ok" | "degraded";
      instanceId: string;
      startedAt: string;
      uptimeSeconds: number;
      endpoints: Array<{
        operationId: string;
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
      /** Price per operationId; null is free */
      tolls: {
        [key: string]: {
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
      };
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
