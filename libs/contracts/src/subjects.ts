// System subjects. Operation subjects are `toll.<operationId>` (see subjectOf).
export const SUBJECTS = {
  catalogAnnounce: 'toll.catalog.announce',
  catalogRequest: 'toll.catalog.request',
  paymentsChallenge: 'payments.challenge',
  paymentsVerify: 'payments.verify',
  paymentsSettle: 'payments.settle',
  paymentsRelease: 'payments.release',
  paymentsCall: 'payments.call', // verify, forward and settle in one request (PaidCallRequest)
  paymentsLease: 'payments.lease', // grant, report on, renew or close a gateway's lease on a balance (LeaseRequest)
  paymentsTerms: 'payments.terms', // what a gateway checks balance signatures against (PaymentsTermsReply)
  // published to every gateway: stop spending a wallet's leases (LeaseRevoke)
  paymentsLeaseRevoke: 'payments.lease.revoke',
  // grant, report on, renew or close a gateway's lease on a prepaid block's credits (BlockLeaseRequest)
  paymentsBlockLease: 'payments.blockLease',
  // published to every gateway: stop spending a block's leases (BlockLeaseRevoke)
  paymentsBlockLeaseRevoke: 'payments.blockLease.revoke',
  dataSolUsd: 'data.solUsd', // the data app's live SOL/USD price, for SOL quotes in challenges
  registryListings: 'registry.listings', // every published listing, for discovery's match index
} as const;

export const REQUEST_ID_HEADER = 'x-request-id';
