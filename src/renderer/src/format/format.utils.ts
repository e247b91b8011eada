/** Number, price and date formatting in the interface language's locale (i18n/translate.ts LOCALES). */
export interface Formatters {
  number(value: number, digits?: number): string;
  /** A year with a fraction ("2025.8"): never grouped, or German would write "2.025,8". */
  year(value: number, digits?: number): string;
  percent(ratio: number, digits?: number): string;
  bytes(bytes: number): string;
  price(price: number, currency: string): string;
  date(iso: string): string;
  /** "Jun 2025" for the articles that carry only a month. */
  month(year: number, month: number): string;
  dateTime(iso: string): string;
  duration(seconds: number): string;
}

export function formattersFor(locale: string): Formatters {
  const number = (value: number, digits = 0) => value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const parsed = (iso: string, show: (date: Date) => string) => {
    const time = Date.parse(iso);
    return Number.isNaN(time) ? iso : show(new Date(time));
  };
  return {
    number,
    year: (value, digits = 1) => value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }),
    // Both locales put a space before the sign (de-DE requires it; the dashboard has always written "12 %").
    percent: (ratio, digits = 0) => `${number(ratio * 100, digits)} %`,
    bytes(bytes) {
      const units = ['B', 'KB', 'MB', 'GB', 'TB'];
      let value = bytes;
      let unit = 0;
      while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit += 1;
      }
      return `${number(value, unit === 0 ? 0 : 1)} ${units[unit]}`;
    },
    price: (price, currency) => price.toLocaleString(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    date: (iso) => parsed(iso, (d) => d.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' })),
    month: (year, month) => new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }),
    dateTime: (iso) => parsed(iso, (d) => d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })),
    duration(seconds) {
      // SI abbreviations (d, h, min, s) read the same in English and German.
      const days = Math.floor(seconds / 86_400);
      const hours = Math.floor((seconds % 86_400) / 3600);
      const minutes = Math.floor((seconds % 3600) / 60);
      if (days > 0) return `${days} d ${hours} h`;
      if (hours > 0) return `${hours} h ${minutes} min`;
      return `${minutes} min ${Math.floor(seconds % 60)} s`;
    },
  };
}
