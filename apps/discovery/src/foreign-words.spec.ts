import { englishMeaning, lexiconSize } from './foreign-words';
import { words } from './text-analysis';

describe('englishMeaning', () => {
  const read = (task: string) => englishMeaning(words(task));

  it('reads Spanish, Portuguese, French, Italian and German task words as their English meaning, each once', () => {
    expect(read('¿Qué tiempo hará mañana? El pronóstico, por favor, y el tiempo')).toEqual([
      { word: 'tiempo', english: 'weather' },
      { word: 'pronóstico', english: 'forecast' },
    ]);
    expect(read('notícias de hoje').map((r) => r.english)).toEqual(['news', 'today']);
    expect(read('les actualités tendance').map((r) => r.english)).toEqual(['news', 'trending']);
    expect(read('cerco libri di storia').map((r) => r.english)).toEqual(['search']);
    expect(read('Wie wird das Wetter morgen').map((r) => r.english)).toEqual(['weather']);
  });

  it('reads Dutch task words too, a compound as both its words', () => {
    expect(read('Zoek bedrijven met deze naam').map((r) => r.english)).toEqual(['search', 'company', 'name']);
    expect(read('hoeveel aandelen met een dividendrendement boven 4%').map((r) => r.english)).toEqual([
      'count',
      'stock',
      'dividend yield',
    ]);
    expect(read('vacatures in Amsterdam').map((r) => r.english)).toEqual(['job']);
    // A compound of two words of the list means both, with or without the joining "s".
    expect(read('das ganze Datenpaket').map((r) => r.english)).toEqual(['data bundle']);
    expect(read('die Zahlungsdaten').map((r) => r.english)).toEqual(['payment data']);
    // A listed word and an English one too, but never two English words.
    expect(read('ein Tageslimit festlegen').map((r) => r.english)).toEqual(['daily limit', 'set']);
    expect(read('a snowstorm alert').map((r) => r.english)).toEqual([]);
    expect(read('annuler la dépense').map((r) => r.english)).toEqual(['cancel', 'spending']);
  });

  it('reads the words of requests about a task, a check, a posting and its details', () => {
    expect(read('¿qué servicio me recomiendas para esa tarea?').map((r) => r.english)).toEqual([
      'service',
      'recommend',
      'task',
    ]);
    expect(read('gegen seine Regeln prüfen').map((r) => r.english)).toEqual(['check']);
    expect(read('o anúncio com todos os detalhes').map((r) => r.english)).toEqual(['posting', 'details']);
    expect(read('un dividende mensuel').map((r) => r.english)).toEqual(['dividend', 'monthly']);
    expect(read('das komplette Paket').map((r) => r.english)).toEqual(['complete', 'bundle']);
    expect(read('les contrats perpétuels les plus élevés').map((r) => r.english)).toEqual(['perpetual', 'highest']);
    expect(read('los puentes soportados y sus cadenas').map((r) => r.english)).toEqual([
      'bridge',
      'supported',
      'chains',
    ]);
    expect(read('der Klartext, umwandeln').map((r) => r.english)).toEqual(['text', 'convert']);
    expect(read('les nœuds en amont').map((r) => r.english)).toEqual(['nodes', 'upstream']);
    expect(read('das Verzeichnis der Dienste').map((r) => r.english)).toEqual(['directory', 'service']);
    expect(read('el directorio de servicios o le répertoire').map((r) => r.english)).toEqual([
      'directory',
      'service',
      'directory',
    ]);
    expect(read('liberar el bot que alquilé').map((r) => r.english)).toEqual(['release', 'rent']);
    expect(read('ho noleggiato un bot, lo voglio rilasciare').map((r) => r.english)).toEqual(['rent', 'release']);
    expect(read('articoli collegati a un tema').map((r) => r.english)).toEqual(['article', 'related', 'topics']);
  });

  it('reads units, histories and incidents', () => {
    expect(read('Quanti chili sono 160 libbre?').map((r) => r.english)).toEqual(['pounds']);
    expect(read('wie viele Kilogramm sind 3 Meilen').map((r) => r.english)).toEqual(['kilograms', 'miles']);
    expect(read('el historial de hackeos e incidentes').map((r) => r.english)).toEqual([
      'history',
      'hacks',
      'incidents',
    ]);
    expect(read('ist der Dienst gesund').map((r) => r.english)).toEqual(['service', 'healthy']);
    expect(read('fundamentos financieros de la empresa').map((r) => r.english)).toEqual([
      'fundamentals',
      'financial',
      'company',
    ]);
    expect(read('Rückrufe für das Modell, Baujahr 2015').map((r) => r.english)).toEqual(['recall', 'model', 'year']);
    expect(read('la serie storica, ¿cuántas hay?').map((r) => r.english)).toEqual(['series', 'history', 'count']);
    expect(read('as notícias mais comentadas').map((r) => r.english)).toEqual(['news', 'most', 'discussed']);
    expect(read('Fragebogen Antworten abschicken').map((r) => r.english)).toEqual([
      'questionnaire',
      'answers',
      'submit',
    ]);
    expect(read('responder el cuestionario, las respuestas').map((r) => r.english)).toEqual([
      'questionnaire',
      'answers',
    ]);
    expect(read('tijdlijn van de berichtgeving').map((r) => r.english)).toEqual(['timeline', 'coverage']);
    expect(read('die Zeitleiste der Berichterstattung').map((r) => r.english)).toEqual(['timeline', 'coverage']);
    expect(read('la política de gasto').map((r) => r.english)).toEqual(['policy', 'spending']);
    expect(read('posiciones cortas').map((r) => r.english)).toEqual(['positions', 'short']);
    expect(read('Ausgabe bestätigen').map((r) => r.english)).toEqual(['confirm']);
    // A conjugated form ("se confirma", a transaction that gets confirmed) is no request to confirm.
    expect(read('nunca se confirma').map((r) => r.english)).toEqual([]);
    expect(read('liberar o bot').map((r) => r.english)).toEqual(['release']);
    expect(read('margem operacional').map((r) => r.english)).toEqual(['margin']);
  });

  it('reads Swedish task words too', () => {
    expect(read('Finns det återkallelser för min bil?').map((r) => r.english)).toEqual(['recall', 'car']);
    expect(read('kolla om namnet liknar ett varumärke').map((r) => r.english)).toEqual(['check', 'name', 'trademark']);
    expect(read('Väderprognos för Göteborg').map((r) => r.english)).toEqual(['weather forecast']);
  });

  it('reads romanised Japanese task words too, long vowels doubled or marked', () => {
    expect(read('ashita no tenki yohou wo oshiete').map((r) => r.english)).toEqual(['tomorrow', 'weather', 'forecast']);
    expect(read('saikin hakkō sareta atarashii token').map((r) => r.english)).toEqual(['recent', 'issued', 'new']);
    expect(read('tenkiyohou').map((r) => r.english)).toEqual(['weather forecast']);
  });

  it('matches with or without accents and in any case', () => {
    expect(read('PRONOSTICO')).toEqual([{ word: 'pronostico', english: 'forecast' }]);
    expect(read('Bücher und Buecher').map((r) => r.english)).toEqual(['book']);
  });

  it('leaves English tasks alone, words that are English in both languages too', () => {
    expect(read('who pays the court for these actions in the land of trends')).toEqual([]);
    expect(read('current weather forecast and the latest news')).toEqual([]);
    expect(lexiconSize()).toBeGreaterThan(400);
  });
});
