// Where EDGAR keeps a filing: the folder is the CIK without zeros and the accession number without dashes.
const ARCHIVES = 'https://www.sec.gov/Archives/edgar/data';

export const padCik = (cik: number) => String(cik).padStart(10, '0');

export const filingIndexUrl = (cik: number, accession: string) =>
  `${ARCHIVES}/${cik}/${accession.replace(/-/g, '')}/${accession}-index.htm`;

export const filingDocumentUrl = (cik: number, accession: string, primaryDocument: string) =>
  `${ARCHIVES}/${cik}/${accession.replace(/-/g, '')}/${primaryDocument}`;
