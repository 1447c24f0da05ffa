import type { SearchHit, SourceName } from '../books.schemas';

// What either source says about one edition, before the two are merged.
export interface SourceBook {
  source: SourceName;
  title: string | null;
  subtitle: string | null;
  authors: Array<{ name: string; id: string | null }>;
  publishers: string[];
  publish_date: string | null;
  pages: number | null;
  languages: string[];
  subjects: string[];
  description: string | null;
  cover: { small: string | null; medium: string | null; large: string | null } | null;
  identifiers: {
    isbn_10: string[];
    isbn_13: string[];
    oclc: string[];
    lccn: string[];
    openlibrary: string | null;
    google_books: string | null;
  };
  work: { id: string; url: string } | null;
  link: string;
}

export interface SearchPage {
  total: number;
  hits: SearchHit[];
}

export interface SearchTerms {
  q?: string;
  title?: string;
  author?: string;
  subject?: string;
  limit: number;
}

// ISBN-13s first, then ISBN-10s, at most `max`, without repeats.
export const isbnList = (isbns: string[], max: number) =>
  [...new Set([...isbns.filter((i) => i.length === 13), ...isbns.filter((i) => i.length !== 13)])].slice(0, max);

// Google Books uses ISO 639-1; Open Library (and this API) MARC 21 codes. The languages books are most often in.
const MARC_OF_ISO: Record<string, string> = {
  en: 'eng',
  fr: 'fre',
  de: 'ger',
  es: 'spa',
  it: 'ita',
  pt: 'por',
  nl: 'dut',
  ru: 'rus',
  ja: 'jpn',
  zh: 'chi',
  ko: 'kor',
  ar: 'ara',
  pl: 'pol',
  sv: 'swe',
  da: 'dan',
  no: 'nor',
  fi: 'fin',
  cs: 'cze',
  tr: 'tur',
  el: 'gre',
  he: 'heb',
  hi: 'hin',
  la: 'lat',
  hu: 'hun',
};
export const marcLanguage = (iso: string) => MARC_OF_ISO[iso.toLowerCase().split('-')[0]] ?? iso.toLowerCase();
