// The reports feature's public face: other features import these from '../reports', nothing deeper.
export { CHART_DEFAULTS, ChartCard, legendInOrder } from './chart-card';
export { ChangeLine } from './change-line';
export { ReportError } from './report-layout';
export { useReportFormat } from './report-format';
