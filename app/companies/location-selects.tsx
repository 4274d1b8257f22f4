import { Grid, MenuItem, TextField } from '@mui/material';
import { useTranslation, listOf, useApiQuery } from '../../engine/react';
import { ReadOnlyFields } from '../components/read-only-fields';

export interface NamedOption {
  id: number;
  name: string;
}

export interface LocationValue {
  province_id: string;
  district_id: string;
  sector_id: string;
  cell_id: string;
}

const LEVELS = [
  { field: 'province_id', label: 'location.province', path: () => 'provinces' },
  { field: 'district_id', label: 'location.district', path: (parent: string) => `districts/${parent}` },
  { field: 'sector_id', label: 'location.sector', path: (parent: string) => `sectors/${parent}` },
  { field: 'cell_id', label: 'location.cell', path: (parent: string) => `cells/${parent}` },
] as const;

const NO_OPTIONS: NamedOption[] = [];

/**
 * Options of one level, read from the API when its parent is chosen. Locations are reference data:
 * each list is read once while the page lives. A failed read leaves the level empty.
 */
function useOptions(path: string | null): NamedOption[] {
  return (
    useApiQuery<unknown, NamedOption[]>(path, { staleTime: Infinity, select: listOf<NamedOption> }).data ?? NO_OPTIONS
  );
}

/**
 * Province, district, sector and cell; choosing a level clears the lower ones. Read-only (spec 02's
 * "read-only option"), the chosen places are shown as text by their names.
 */
export function LocationSelects({
  value,
  onChange,
  readOnly = false,
}: {
  value: LocationValue;
  onChange?: (value: LocationValue) => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const provinces = useOptions('provinces');
  const districts = useOptions(value.province_id ? LEVELS[1].path(value.province_id) : null);
  const sectors = useOptions(value.district_id ? LEVELS[2].path(value.district_id) : null);
  const cells = useOptions(value.sector_id ? LEVELS[3].path(value.sector_id) : null);
  const optionsByLevel = [provinces, districts, sectors, cells];

  if (readOnly)
    return (
      <ReadOnlyFields
        label={t('location.title')}
        fields={LEVELS.map((level, index) => {
          const chosen = value[level.field];
          const option = (optionsByLevel[index] ?? []).find((o) => String(o.id) === chosen);
          // Until its list has arrived, a chosen place reads '…' rather than 'Not given'.
          return { label: t(level.label), value: chosen ? (option?.name ?? '…') : '' };
        })}
      />
    );

  const choose = (level: number, chosen: string) => {
    const next = { ...value };
    LEVELS.forEach((l, index) => {
      if (index === level) next[l.field] = chosen;
      else if (index > level) next[l.field] = '';
    });
    onChange?.(next);
  };

  return (
    <>
      {LEVELS.map((level, index) => {
        const options = optionsByLevel[index] ?? [];
        const current = value[level.field];
        const parentMissing = index > 0 && !value[LEVELS[index - 1]!.field];
        return (
          <Grid key={level.field} size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              label={t(level.label)}
              name={level.field}
              value={options.some((o) => String(o.id) === current) ? current : ''}
              onChange={(e) => choose(index, e.target.value)}
              disabled={parentMissing}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              fullWidth
            >
              <MenuItem value="">{t('common.select')}</MenuItem>
              {options.map((option) => (
                <MenuItem key={option.id} value={String(option.id)}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
        );
      })}
    </>
  );
}
