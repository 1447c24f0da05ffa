// Tasks in Spanish, Portuguese, French, Italian, German, Dutch, Swedish or romanised Japanese: the English word vectors
// know few of their words and no package on the npm registry ships a bilingual lexicon, so a task's foreign words are
// read as their English meaning too. The list is the everyday vocabulary of a data and utility API (the commonest words
// of the catalog's summaries and asks, and of the requests around them), one line per English word, not a table per
// tool. Words that are also English ("actions", "court", "vent", "land", "trend", "auto") are left out: they would
// change English tasks. Accents are optional (a task typed without them still matches).
const LEXICON = `
weather: tiempo clima wetter météo meteo meteorología meteorologia meteorológico meteorológicos meteorológica meteorológicas météorologique météorologiques meteorologico meteorologici meteorologiche weerbericht weersverwachting
forecast: pronóstico previsión previsão prévision prévisions previsione previsioni vorhersage wettervorhersage verwachting voorspelling voorspellingen
temperature: temperatura temperatur temperatuur
rain: lluvia llueve chuva pluie pioggia regen
snow: nieve neve neige schnee sneeuw
storm: tormenta tempestade tempête tempesta sturm unwetter
alert: alerta alertas alerte alertes allerta avviso avvisi warnung warnungen waarschuwing waarschuwingen
weather time: tempo
news: noticias notícias noticia notícia nachrichten actualités nouvelles notizie notizia nieuws nieuwsberichten
trending: tendencia tendencias tendência tendências tendance tendances tendenza tendenze
headlines: titulares manchetes titres titoli schlagzeilen krantenkoppen
today: hoy hoje aujourd oggi heute vandaag
now: ahora agora maintenant adesso jetzt nu
time: hora horas heure heures uhrzeit zeit tijd
current: atual actuel actuelle attuale aktuell aktuelle huidige actuele
latest: último última últimos últimas ultimo ultima dernier dernière derniers letzte neueste laatste nieuwste
next: próximos próximas prochains prochaines prossimi prossime nächsten volgende
days: días dias jours giorni tage dagen
week: semana semaine settimana woche
city: ciudad cidade ville città stadt stad
book: libro libros livro livros livre livres buch bücher boek boeken
title: título titulo titre titolo titel
author: autor autores auteur autore
search: buscar busca busco procurar procuro encontrar chercher cherche recherche cerco cercare trovare suchen suche finden zoek zoeken zoekt opzoeken vind vinden
job: trabajo empleo empleos emprego empregos trabalho emploi emplois travail lavoro impiego stelle stellen arbeit vaga vagas baan banen vacature vacatures
developer: desarrollador desenvolvedor développeur sviluppatore entwickler ontwikkelaar
company: empresa empresas compañía companhia entreprise société azienda società unternehmen bedrijf bedrijven onderneming ondernemingen
stock: acción acciones ação ações azione azioni aktie aktien aandeel aandelen
price: precio precios preço preços prix prezzo prezzi preis preise kurs prijs prijzen koers koersen
short: corto corta cortos cortas curto curta curtos curtas leerverkauf leerverkäufe leerverkauft leerverkaufte
interest: interés interesse intérêt zinsen rente
rate: tasa taxa taux tasso zinssatz
funds: fondos fundos fonds fondi fondsen
federal: federales federais fédéraux federali
inflation: inflación inflação inflazione inflatie
unemployment: desempleo desemprego chômage disoccupazione arbeitslosigkeit werkloosheid
gdp: pib bip bbp
fundamentals: fundamentos fondamentaux fondamentali fundamentaldaten
financial: financiero financieros financiera financieras financeiro financeiros financeira financier financiers financière financières finanziario finanziari finanziaria finanziell finanzielle finanzdaten
data: datos dados données dati daten gegevens
bundle: paquete paquetes pacote pacotes paquet paquets pacchetto pacchetti paket pakete pakket pakketten
count: cuántos cuántas quantos quantas combien wieviele hoeveel aantal
discussed: comentadas comentados comentada comentado commentées commentés commentate commentati diskutiert diskutierte
safe: seguro segura sicuro sicura sicher veilig
scam: estafa golpe arnaque truffa betrug oplichting oplichterij
risk: riesgo risco risque rischio risiko risico
risky: arriesgado arriscado risqué rischioso riskant
related: relacionado relacionados relacionadas relacionada lié liés liée liées correlati correlato collegato collegati collegata collegate verwandte verwandt gerelateerd gerelateerde verwante
encyclopedia: enciclopedia enciclopédia encyclopédie enzyklopädie
topics: temas tema sujets sujet argomenti argomento themen thema onderwerpen onderwerp
recall: retirada retiro rappel rappels richiamo richiami rückruf rückrufe terugroepactie terugroepacties
vehicle: vehículo veículo véhicule veicolo fahrzeug voertuig
car: coche carro voiture macchina
vin: chasis chassi telaio fahrgestellnummer
number: número numero nummer
year: año años ano anos année années anno anni jahr jahre baujahr jaar jaren bouwjaar
model: modelo modelos modèle modèles modello modelli modell modelle
name: nombre nome nom naam
fee: tarifa comisión comissão frais commissione gebühr gebühren kosten transactiekosten
priority: prioridad prioridade priorité priorità priorität
transaction: transacción transação transazione transaktion transactie transacties
optimize: optimiza optimizar otimizar otimize optimiser optimise ottimizza ottimizzare optimieren optimaliseren
block: bloque bloco bloc blocco blok
wallet: billetera cartera carteira portefeuille portafoglio portemonnee
balance: saldo solde guthaben
address: dirección endereço adresse indirizzo adres
nodes: nodos nœuds nodi knoten
provider: proveedor proveedores provedor provedores fournisseur fournisseurs fornitore fornitori anbieter aanbieder aanbieders
pay: pagar pagare zahlen bezahlen betalen
payment: pago pagamento paiement zahlung betaling
spending: gastar gasto gastos dépense dépenses spesa spese ausgaben ausgeben uitgaven uitgeven
limit: límite limite limiti grenze limiet grens
daily: diario diaria diarios diarias diário diária diários diárias quotidien quotidienne quotidiens quotidiennes giornaliero giornaliera giornalieri täglich tägliche täglichen tages dagelijks dagelijkse
set: establecer fijar definir fixer impostare festlegen einstellen instellen vastleggen
cancel: cancelar anular annuler annulla annullare stornieren annuleren
maximum: máximo máxima massimo massima maximal
allow: permitir autorizar autoriser permettre consentire erlauben zulassen toestaan
category: categoría categorías catégorie catégories categoria kategorie kategorien categorie
agent: agente agentes agenten
adjust: ajustar ajustada ajustado ajuste ajuster regolare anpassen
publish: publicar publier pubblicare veröffentlichen publiceren
active: vigente vigentes activo activos activa activas ativo ativos actif actifs attivo attivi aktiv aktive actief actieve
budget: presupuesto orçamento
rent: alquilar alquilé alquilado alquilada alugar aluguei alugado alugada louer loué louée affittare affittato noleggiare noleggiato mieten gemietet huren gehuurd
release: liberar libera libérer liberare rilasciare freigeben vrijgeven
free: gratis gratuito gratuita gratuit gratuite kostenlos
convert: convertir converter convertire konvertieren umrechnen umwandeln omrekenen omzetten converteren
encode: codificar encoder codifica kodieren coderen
decode: decodificar décoder decodifica dekodieren decoderen
password: contraseña senha passwort wachtwoord
generate: generar gerar générer generare generieren genereren
random: aleatorio aleatório aléatoire casuale zufällig willekeurig
currency: moneda moeda valuta währung
bridge: puente puentes ponte pontes pont ponts ponti brücke brücken brug bruggen
trademark: marca marcas marque marques marchio marchi marke merk merken
report: informe relatório rapporto bericht verslag
annual: anual annuel annuelle annuale jährlich jaarlijks jaarlijkse jaarverslag
revenue: ingresos receita revenus ricavi umsatz omzet
dividend: dividendo dividendos dividende dividenden
yield: rendimiento rendimento rendement rendite rendement
dividend yield: dividendrendement dividendenrendite
funding: financiación financiamento financement finanziamento finanzierung financiering
liquidations: liquidaciones liquidações liquidazioni liquidationen
largest: mayores maiores größten grootste
most: mais più meisten meeste
highest: élevés élevées elevati höchsten hoogste
status: estado statut stato zustand
working: funcionando funciona fonctionne funziona funktioniert werkt
healthy: gesund gezond
service: servicio servicios serviço serviços servizio servizi dienst dienste diensten
directory: directorio diretório répertoire annuaire verzeichnis verzeichnisse
endpoint: endpunkt endpunkte endpunkts
word: palabra palavra parola wort woord
text: texto texte testo tekst klartext
translate: traducir traduzir traduire tradurre übersetzen vertalen
country: país paese
holiday: feriado feriados festivo festivos férié fériés feiertag feiertage feestdag feestdagen
article: artículo artículos artigo artigos articolo articoli artikel artikelen
recent: reciente recientes recente recentes récent récents récente récentes recenti
question: pregunta pergunta domanda frage vraag
congressman: congresista congresistas congressista congressistas diputado diputados deputado deputados député députés deputato deputati abgeordneter abgeordnete abgeordneten afgevaardigde
senators: senador senadores sénateur sénateurs senatore senatori
interest rate: leitzins leitzinsen leitzinses
answer: respuesta resposta réponse risposta antwort antwoord
answers: respuestas respostas réponses risposte antworten antwoorden
questionnaire: cuestionario questionário questionario fragebogen vragenlijst
submit: abschicken absenden einreichen indienen inzenden soumettre
policy: política políticas politique politiques politica politiche richtlinie richtlinien beleid
confirm: confirmar confirmer confermare bestätigen bevestigen
positions: posiciones posições posizioni positionen posities
margin: margen márgenes margem margens marge marges margine margini
timeline: cronología cronologia chronologie zeitleiste zeitstrahl tijdlijn
coverage: cobertura couverture copertura berichterstattung berichtgeving
kilograms: kilogramo kilogramos quilo quilos quilograma quilogramas kilogramme kilogrammes chilo chilogrammo chilogrammi kilogramm
pounds: libra libras libbra libbre pfund
miles: milla millas milha milhas miglio miglia meile meilen mijl mijlen
meters: metros mètre mètres metri
degrees: grados graus degrés gradi graden
units: unidad unidades unidade unité unités unità einheit einheiten eenheid eenheden
history: historial histórico histórica históricos históricas historique historiques storico storica storici storiche verlauf historisch historische historischen geschiedenis historie historisch historische
series: serie
hacks: hackeo hackeos ataque ataques attacco attacchi
incidents: incidente incidentes incidenti vorfälle incidenten
complete: completo completa completos completas complet complète complets complètes komplett komplette kompletten vollständig vollständige gesamt gesamte gesamtes gesamten volledig volledige compleet
details: detalles detalhes détails dettagli einzelheiten
posting: anuncio anuncios anúncio anúncios annonce annonces annuncio annunci stellenanzeige advertentie
recommend: recomendar recomienda recomiendas recomiendan recomendação recomenda recomende recommander recommandes recommandez recommande consigliare consigli consiglia consigliate empfehlen empfiehlst empfehlung aanbevelen aanraden
task: tarea tareas tarefa tarefas tâche tâches compito aufgabe taak
check: comprobar comprueba verificar verifique vérifier vérifie vérifiez controllare controlla prüfen überprüfen controleren
monthly: mensual mensuales mensal mensais mensuel mensuelle mensuels mensuelles mensile mensili monatlich monatliche maandelijks maandelijkse
perpetual: perpetuo perpetuos perpetua perpetuas perpétuo perpétuos perpétuel perpétuels perpétuelle perpétuelles perpetui
supported: soportado soportados soportadas suportado suportados suportadas supporté supportés supportées supportato supportati unterstützt unterstützte unterstützten ondersteund ondersteunde
chains: cadenas cadeias chaînes catene ketten
upstream: amont
pharmaceutical: farmacéutica farmacêutica pharmaceutique farmaceutica pharmazeutisch
`;

// Swedish, the same everyday vocabulary in a list of its own.
const SWEDISH = `
weather: väder vädret
forecast: prognos prognosen
rain: regn
snow: snö
alert: varning varningar
news: nyheter nyheterna
today: idag
time: tid tiden klockan
latest: senaste
days: dagar
week: vecka veckan
book: bok boken böcker
author: författare
search: sök söka hitta leta
job: jobb
company: företag företaget bolag bolaget
stock: aktier
price: pris priset priser
interest: ränta
unemployment: arbetslöshet
count: antal
safe: säker
scam: bedrägeri
related: relaterad relaterade
recall: återkallelse återkallelser återkallelsen
vehicle: fordon fordonet
car: bil bilen bilar
name: namn namnet
fee: avgift avgifter
wallet: plånbok
address: adress
pay: betala
payment: betalning
limit: gräns
daily: daglig dagliga
cancel: avbryta
convert: konvertera omvandla
password: lösenord
generate: generera
trademark: varumärke varumärken varumärket
dividend: utdelning utdelningar
service: tjänst tjänster
check: kolla kontrollera
question: fråga
answer: svar svaret
article: artikel artiklar
translate: översätta översätt
history: historik
`;

// Japanese written in Latin letters (romaji, long vowels doubled or marked), the words of the same list that such
// tasks use; particles ("no", "wo", "de") are left out.
const JAPANESE = `
weather: tenki
forecast: yohou yohō yohoo
weekend: shuumatsu shūmatsu
tomorrow: ashita
rain: ame
snow: yuki
alert: keihou keihō
news: nyuusu nyūsu
today: kyou kyō
time: jikan
recent: saikin
new: atarashii
issued: hakkou hakkō
stock: kabu kabushiki
price: kakaku nedan
company: kaisha kigyou kigyō
job: shigoto kyuujin kyūjin
search: kensaku sagasu sagashite
fee: tesuuryou tesūryō
car: kuruma
trademark: shouhyou shōhyō
dividend: haitou haitō
interest rate: kinri
translate: honyaku
password: pasuwaado pasuwādo
`;

// Lower case without accents: "Pronóstico" and "pronostico" are one key.
const key = (word: string) => word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

const ENGLISH = new Map<string, string>();
const LINES = [LEXICON, SWEDISH, JAPANESE]
  .flatMap((list) => list.trim().split('\n'))
  .map((line) => line.split(':').map((part) => part.trim()));
// A foreign word spelt like one of the English words once its accents go is that English word.
const TARGETS = new Set(LINES.flatMap(([english]) => english.split(' ')));
for (const [english, foreign] of LINES)
  for (const word of foreign.split(/\s+/)) if (!TARGETS.has(key(word))) ENGLISH.set(key(word), english);

export interface Reading {
  word: string; // as the task wrote it
  english: string;
}

// A German, Dutch or Swedish compound of two words of the list ("Datenpaket", "Zahlungsverlauf", with or without the
// joining "s") means both, and so does one of a listed word and an English one ("Tageslimit"); each part of at least
// MIN_PART letters, so short endings never read as words.
const MIN_PART = 4;
const part = (word: string) => ENGLISH.get(word) ?? (TARGETS.has(word) ? word : undefined);
function compound(word: string): string | undefined {
  for (let i = MIN_PART; i <= word.length - MIN_PART; i++) {
    const tail = word.slice(i);
    for (const head of [word.slice(0, i), ...(word[i - 1] === 's' ? [word.slice(0, i - 1)] : [])]) {
      // At least one foreign part: two English words together ("snowstorm") are an English word.
      if (part(head) && part(tail) && (ENGLISH.has(head) || ENGLISH.has(tail))) return `${part(head)} ${part(tail)}`;
    }
  }
  return undefined;
}

// What a task's foreign words mean in English, in the order they appear (each once); empty for an English task.
export function englishMeaning(tokens: string[]): Reading[] {
  const out = new Map<string, Reading>();
  for (const word of tokens) {
    const english = ENGLISH.get(key(word)) ?? compound(key(word));
    if (english && !out.has(key(word))) out.set(key(word), { word, english });
  }
  return [...out.values()];
}

export const lexiconSize = () => ENGLISH.size;

// Whether a service is up, asked in another language: a verb of being ("è", "est", "ist", "está", "é", and their
// plurals) before a word for up ("attivo", "actif", "aktiv", "disponibile", "erreichbar", "funcionando"...) reads as
// the English "is … online". Accented forms are kept as typed where the unaccented one is another everyday word
// (Italian "e" is "and"); words that are also English ("active", "accessible") are left out.
export const FOREIGN_BEING = new Set('è é est ist está esta es sono sont son sind são estão estan están'.split(' '));
export const FOREIGN_UP = new Set(
  (
    'attivo attiva attivi attive activo activa activos activas ativo ativa ativos ativas actif actifs aktiv aktive ' +
    'disponibile disponibili disponible disponibles disponível disponivel disponíveis verfügbar erreichbar ' +
    'raggiungibile joignable accessibile acessível funcionando funzionando funzionante fonctionnel fonctionnelle ' +
    'operativo operativa operacional opérationnel opérationnelle'
  ).split(' '),
);
