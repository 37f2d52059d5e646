// How the fuel pages write numbers: grouped as South Africans write them ("48 210").
const COUNT = new Intl.NumberFormat('en-ZA');
const ONE = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const TWO = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 2 });

export const countText = (n: number) => COUNT.format(n);
export const litresText = (n: number) => `${TWO.format(n)} L`;
export const oneDecimal = (n: number) => ONE.format(n);
