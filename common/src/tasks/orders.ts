// Quotes and orders, jobs and work approvals (issue 15). Money travels as integer cents.

export const orderParams = {};

export interface OrderAnswers {}
