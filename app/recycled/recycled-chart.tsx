import { useId, useMemo } from 'react';
import { Box, Typography } from '@mui/material';
// The subpath keeps the charts package inside this lazy route's chunk.
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from '../../engine/react';
import { chartData, formatKg, formatMonth, summarise, type RecycledEntry } from './recycled-data';

/** The text alternative of the chart: totals in words (the table below lists every value). */
export function ChartSummary({ entries, id }: { entries: readonly RecycledEntry[]; id?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const summary = summarise(entries);
  const list = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(
    summary.byCompany.map((c) => `${c.company}: ${formatKg(c.total, locale)}`),
  );
  return (
    <Typography id={id} component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {summary.topMonth &&
        t('recycled.chart.summary', {
          total: formatKg(summary.total, locale),
          months: summary.months,
          month: formatMonth(summary.topMonth.month, locale),
          quantity: formatKg(summary.topMonth.quantity, locale),
        })}{' '}
      {t('recycled.chart.byCompany', { list })} {t('recycled.chart.tableNote')}
    </Typography>
  );
}

/** Quantity per month, one stacked bar segment per company, with its summary as the caption. */
export function RecycledChart({ entries }: { entries: readonly RecycledEntry[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const titleId = useId();
  const summaryId = useId();
  const data = useMemo(() => chartData(entries), [entries]);
  const kg = (value: number | null) => (value === null ? '' : formatKg(value, locale));
  return (
    <Box component="figure" aria-labelledby={titleId} sx={{ m: 0 }}>
      <Typography id={titleId} variant="h2" gutterBottom>
        {t('recycled.chart.title')}
      </Typography>
      {/* The drawing is one image for assistive technology; the caption and the table carry the data. */}
      <Box role="img" aria-label={t('recycled.chart.title')} aria-describedby={summaryId} data-testid="recycled-chart">
        <BarChart
          height={300}
          xAxis={[
            {
              scaleType: 'band',
              data: data.months,
              valueFormatter: (month: string) => formatMonth(month, locale, 'short'),
            },
          ]}
          yAxis={[{ valueFormatter: (value: number) => new Intl.NumberFormat(locale).format(value) }]}
          series={data.series.map((s) => ({
            id: `company-${s.companyId}`,
            label: s.company,
            data: s.data,
            stack: 'total',
            valueFormatter: kg,
          }))}
        />
      </Box>
      <ChartSummary entries={entries} id={summaryId} />
    </Box>
  );
}
