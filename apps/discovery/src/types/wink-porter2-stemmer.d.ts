// The package ships no types: one function, `module.exports = stem`.
declare module 'wink-porter2-stemmer' {
  function stem(word: string): string;
  export = stem;
}
