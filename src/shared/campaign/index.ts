/**
 * Campaigns (R10, issue 10), pure: standings, ledger, rosters, the season's schedule, the
 * recording plan (the document edits one recorded battle makes), advancement, rebuilding the
 * crews forward from the ledger and backward to any battle, and the season forecast.
 */
export * from './refs';
export * from './effects';
export * from './check-record';
export * from './plan';
export * from './from-battle';
export * from './tabletop';
export * from './advance';
export * from './rebuild';
export * from './standings';
export * from './schedule';
export * from './roster';
export * from './ledger';
export * from './status';
export * from './forecast';
export * from './files';
export * from './line-diff';
