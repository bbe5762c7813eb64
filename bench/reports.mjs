// Reports over one year of a busy shop (≈1,000,000 sale lines): the sales report and the profit
// report for the whole year, the stock report for its last month and the whole year, and the dashboard, sequential p50/p95 against GET /api/health measured
// the same way in the same run.
import { timed } from './stock.mjs';

export async function reportFigures({ url, cookie, seeded, label, line }) {
  const headers = { cookie };
  const base = await timed(100, () => fetch(`${url}/api/health`));
  line(`${label}: baseline GET /api/health`, base);
  const range = `from=${seeded.from}&to=${seeded.to}`;
  for (const [name, path] of [
    ['sales report, one year', `/api/reports/sales?${range}`],
    ['profit report, one year by month', `/api/reports/profit?${range}&period=month`],
    ['profit report, one year by day', `/api/reports/profit?${range}&period=day`],
    ['stock report, last month', `/api/reports/stock?from=${seeded.to.slice(0, 8)}01&to=${seeded.to}`],
    ['stock report, one year', `/api/reports/stock?${range}`],
    ['dashboard', '/api/reports/dashboard'],
  ]) {
    await timed(3, () => fetch(`${url}${path}`, { headers })); // warm-up
    line(`${label}: ${name}`, await timed(20, () => fetch(`${url}${path}`, { headers })), base);
  }
}
