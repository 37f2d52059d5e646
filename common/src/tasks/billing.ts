// The client's account (issue 15): client details and the debit order form, billing, the
// statement and accounts, monthly deals and surveys. Money travels as integer cents.

export const billingParams = {};

export interface BillingAnswers {}
