// Tasks in Spanish, Portuguese, French, Italian or German: the English word vectors know few of their words and
// no package on the npm registry ships a bilingual lexicon, so a task's foreign words are read as their English
// meaning too. The list is the everyday vocabulary of a data and utility API (the commonest words of the catalog's
// summaries and asks, and of the requests around them), one line per English word, not a table per tool.
// Words that are also English ("actions", "court", "vent", "land", "trend", "auto") are left out: they would change
// English tasks. Accents are optional (a task typed without them still matches).
const LEXICON = `
weather: tiempo clima wetter météo meteo meteorología meteorologia meteorológico meteorológicos meteorológica meteorológicas météorologique météorologiques meteorologico meteorologici meteorologiche
forecast: pronóstico previsión previsão prévision prévisions previsione previsioni vorhersage wettervorhersage
temperature: temperatura temperatur
rain: lluvia llueve chuva pluie pioggia regen
snow: nieve neve neige schnee
storm: tormenta tempestade tempête tempesta sturm unwetter
alert: alerta alertas alerte alertes allerta avviso avvisi warnung warnungen
weather time: tempo
news: noticias notícias noticia notícia nachrichten actualités nouvelles notizie notizia
trending: tendencia tendencias tendência tendências tendance tendances tendenza tendenze
headlines: titulares manchetes titres titoli schlagzeilen
today: hoy hoje aujourd oggi heute
now: ahora agora maintenant adesso jetzt
time: hora horas heure heures uhrzeit zeit
current: atual actuel actuelle attuale aktuell aktuelle
latest: último última últimos últimas ultimo ultima dernier dernière derniers letzte neueste
next: próximos próximas prochains prochaines prossimi prossime nächsten
days: días dias jours giorni tage
week: semana semaine settimana woche
city: ciudad cidade ville città stadt
book: libro libros livro livros livre livres buch bücher
title: título titulo titre titolo titel
author: autor autores auteur autore
search: buscar busca busco procurar procuro encontrar chercher cherche recherche cerco cercare trovare suchen suche finden
job: trabajo empleo empleos emprego empregos trabalho emploi emplois travail lavoro impiego stelle stellen arbeit vaga vagas
developer: desarrollador desenvolvedor développeur sviluppatore entwickler
company: empresa empresas compañía companhia entreprise société azienda società unternehmen
stock: acción acciones ação ações azione azioni aktie aktien
price: precio precios preço preços prix prezzo prezzi preis preise kurs
short: corto curto leerverkauf leerverkäufe leerverkauft leerverkaufte
interest: interés interesse intérêt zinsen
rate: tasa taxa taux tasso zinssatz
funds: fondos fundos fonds fondi
federal: federales federais fédéraux federali
inflation: inflación inflação inflazione
unemployment: desempleo desemprego chômage disoccupazione arbeitslosigkeit
gdp: pib bip
fundamentals: fundamentos fondamentaux fondamentali fundamentaldaten
financial: financiero financieros financiera financieras financeiro financeiros financeira financier financiers financière financières finanziario finanziari finanziaria finanziell finanzielle finanzdaten
data: datos dados données dati daten
count: cuántos cuántas quantos quantas combien wieviele
discussed: comentadas comentados comentada comentado commentées commentés commentate commentati diskutiert diskutierte
safe: seguro segura sicuro sicura sicher
scam: estafa golpe arnaque truffa betrug
risk: riesgo risco risque rischio risiko
risky: arriesgado arriscado risqué rischioso riskant
related: relacionado relacionados relacionadas relacionada lié liés liée liées correlati correlato verwandte verwandt
encyclopedia: enciclopedia enciclopédia encyclopédie enzyklopädie
topics: temas tema sujets sujet argomenti argomento themen thema
recall: retirada retiro rappel rappels richiamo richiami rückruf rückrufe
vehicle: vehículo veículo véhicule veicolo fahrzeug
car: coche carro voiture macchina
vin: chasis chassi telaio fahrgestellnummer
number: número numero nummer
year: año años ano anos année années anno anni jahr jahre baujahr
model: modelo modelos modèle modèles modello modelli modell modelle
name: nombre nome nom
fee: tarifa comisión comissão frais commissione gebühr gebühren
priority: prioridad prioridade priorité priorità priorität
transaction: transacción transação transazione transaktion
optimize: optimiza optimizar otimizar otimize optimiser optimise ottimizza ottimizzare optimieren
block: bloque bloco bloc blocco
wallet: billetera cartera carteira portefeuille portafoglio
balance: saldo solde guthaben
address: dirección endereço adresse indirizzo
nodes: nodos nœuds nodi knoten
provider: proveedor proveedores provedor provedores fournisseur fournisseurs fornitore fornitori anbieter
pay: pagar pagare zahlen bezahlen
payment: pago pagamento paiement zahlung
spending: gastar gasto gastos dépense dépenses spesa spese ausgaben
limit: límite limite limiti grenze
maximum: máximo máxima massimo massima maximal
allow: permitir autorizar autoriser permettre consentire erlauben zulassen
category: categoría categorías catégorie catégories categoria kategorie kategorien
agent: agente agentes agenten
adjust: ajustar ajustada ajustado ajuste ajuster regolare anpassen
publish: publicar publier pubblicare veröffentlichen
active: vigente vigentes activo activos activa activas ativo ativos actif actifs attivo attivi aktiv aktive
budget: presupuesto orçamento
rent: alquilar alugar louer affittare noleggiare mieten
free: gratis gratuito gratuita gratuit gratuite kostenlos
convert: convertir converter convertire konvertieren umrechnen
encode: codificar encoder codifica kodieren
decode: decodificar décoder decodifica dekodieren
password: contraseña senha passwort
generate: generar gerar générer generare generieren
random: aleatorio aleatório aléatoire casuale zufällig
currency: moneda moeda valuta währung
bridge: puente ponte pont brücke
trademark: marca marcas marque marques marchio marchi marke
report: informe relatório rapporto bericht
annual: anual annuel annuelle annuale jährlich
revenue: ingresos receita revenus ricavi umsatz
dividend: dividendo dividendos dividende dividenden
yield: rendimiento rendimento rendement rendite
funding: financiación financiamento financement finanziamento finanzierung
liquidations: liquidaciones liquidações liquidazioni liquidationen
largest: mayores maiores größten
most: mais più meisten
status: estado statut stato zustand
working: funcionando funciona fonctionne funziona funktioniert
healthy: gesund
service: servicio servicios serviço serviços servizio dienst
word: palabra palavra parola wort
text: texto texte testo
translate: traducir traduzir traduire tradurre übersetzen
country: país paese
holiday: feriado feriados festivo festivos férié fériés feiertag feiertage
article: artículo artigo articolo artikel
question: pregunta pergunta domanda frage
answer: respuesta resposta réponse risposta antwort
kilograms: kilogramo kilogramos quilo quilos quilograma quilogramas kilogramme kilogrammes chilo chilogrammo chilogrammi kilogramm
pounds: libra libras libbra libbre pfund
miles: milla millas milha milhas miglio miglia meile meilen
meters: metros mètre mètres metri
degrees: grados graus degrés gradi
units: unidad unidades unidade unité unités unità einheit einheiten
history: historial histórico histórica históricos históricas historique historiques storico storica storici storiche verlauf historisch historische historischen
series: serie
hacks: hackeo hackeos ataque ataques attacco attacchi
incidents: incidente incidentes incidenti vorfälle
pharmaceutical: farmacéutica farmacêutica pharmaceutique farmaceutica pharmazeutisch
`;

// Lower case without accents: "Pronóstico" and "pronostico" are one key.
const key = (word: string) => word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

const ENGLISH = new Map<string, string>();
const LINES = LEXICON.trim().split('\n').map((line) => line.split(':').map((part) => part.trim()));
// A foreign word spelt like one of the English words once its accents go is that English word.
const TARGETS = new Set(LINES.flatMap(([english]) => english.split(' ')));
for (const [english, foreign] of LINES) for (const word of foreign.split(/\s+/)) if (!TARGETS.has(key(word))) ENGLISH.set(key(word), english);

export interface Reading {
  word: string; // as the task wrote it
  english: string;
}

// What a task's foreign words mean in English, in the order they appear (each once); empty for an English task.
export function englishMeaning(tokens: string[]): Reading[] {
  const out = new Map<string, Reading>();
  for (const word of tokens) {
    const english = ENGLISH.get(key(word));
    if (english && !out.has(key(word))) out.set(key(word), { word, english });
  }
  return [...out.values()];
}

export const lexiconSize = () => ENGLISH.size;

// Whether a service is up, asked in another language: a verb of being ("è", "est", "ist", "está", "é", and their
// plurals) before a word for up ("attivo", "actif", "aktiv", "disponibile", "erreichbar", "funcionando"...) reads as the
// English "is … online". Accented forms are kept as typed where the unaccented one is another everyday word (Italian
// "e" is "and"); words that are also English ("active", "accessible") are left out.
export const FOREIGN_BEING = new Set('è é est ist está esta es sono sont son sind são estão estan están'.split(' '));
export const FOREIGN_UP = new Set(
  'attivo attiva attivi attive activo activa activos activas ativo ativa ativos ativas actif actifs aktiv aktive disponibile disponibili disponible disponibles disponível disponivel disponíveis verfügbar erreichbar raggiungibile joignable accessibile acessível funcionando funzionando funzionante fonctionnel fonctionnelle operativo operativa operacional opérationnel opérationnelle'.split(' '),
);
