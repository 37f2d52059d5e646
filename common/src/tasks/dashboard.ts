// The dashboard, the support dashboard and the site alerts (issue 15).

export const dashboardParams = {};

export interface DashboardAnswers {}
