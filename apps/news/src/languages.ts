// The languages GDELT translates and indexes, as ISO 639-1 code → the English name `sourcelang:` expects
// (GDELT's LOOKUP-LANGUAGES list, upstreams.md §11). Norwegian Nynorsk is left out: GDELT's spelling of it is unverified.
const GDELT_LANGUAGES = new Map(Object.entries({
  af: 'afrikaans', sq: 'albanian', ar: 'arabic', hy: 'armenian', az: 'azerbaijani', bn: 'bengali', bs: 'bosnian',
  bg: 'bulgarian', ca: 'catalan', zh: 'chinese', hr: 'croatian', cs: 'czech', da: 'danish', nl: 'dutch', en: 'english',
  et: 'estonian', fi: 'finnish', fr: 'french', gl: 'galician', ka: 'georgian', de: 'german', el: 'greek', gu: 'gujarati',
  he: 'hebrew', hi: 'hindi', hu: 'hungarian', is: 'icelandic', id: 'indonesian', it: 'italian', ja: 'japanese',
  kn: 'kannada', kk: 'kazakh', ko: 'korean', lv: 'latvian', lt: 'lithuanian', mk: 'macedonian', ms: 'malay',
  ml: 'malayalam', mr: 'marathi', mn: 'mongolian', ne: 'nepali', no: 'norwegian', fa: 'persian', pl: 'polish',
  pt: 'portuguese', pa: 'punjabi', ro: 'romanian', ru: 'russian', sr: 'serbian', si: 'sinhalese', sk: 'slovak',
  sl: 'slovenian', so: 'somali', es: 'spanish', sw: 'swahili', sv: 'swedish', ta: 'tamil', te: 'telugu', th: 'thai',
  bo: 'tibetan', tr: 'turkish', uk: 'ukrainian', ur: 'urdu', vi: 'vietnamese',
}));
const BY_NAME = new Set(GDELT_LANGUAGES.values());

// "es", "ES", "Spanish" and "spanish" all give "spanish"; anything else gives undefined.
export const gdeltLanguage = (value: string): string | undefined => {
  const v = value.trim().toLowerCase();
  return GDELT_LANGUAGES.get(v) ?? (BY_NAME.has(v) ? v : undefined);
};
