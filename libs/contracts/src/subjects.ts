// System subjects. Operation subjects are `toll.<operationId>` (see subjectOf).
export const SUBJECTS = {
  catalogAnnounce: 'toll.catalog.announce',
  catalogRequest: 'toll.catalog.request',
  paymentsChallenge: 'payments.challenge',
  paymentsVerify: 'payments.verify',
  paymentsSettle: 'payments.settle',
  paymentsRelease: 'payments.release',
} as const;

export const REQUEST_ID_HEADER = 'x-request-id';
