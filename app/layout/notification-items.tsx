import { MenuItem } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { presentStatus, serviceStatuses } from '../../engine/core';
import { useTranslation } from '../../engine/react';
import { applicationLinks, definitionOfRow, serviceTitle, type ApplicationSummary } from '../applications-list';
import { useDefinitions } from '../definitions-context';

/**
 * The items of the open notifications menu: one per application whose status changed, linking to
 * its view, or a line saying there is nothing new. Rendered only while the menu is open, so the
 * service definitions (for titles and routes) load when someone reads the news, not on every page.
 */
export function NotificationItems({ news, onChoose }: { news: ApplicationSummary[]; onChoose: () => void }) {
  const { t } = useTranslation();
  const state = useDefinitions();
  const definitions = state.status === 'ready' ? state.definitions : [];
  if (news.length === 0) return <MenuItem disabled>{t('layout.noNotifications')}</MenuItem>;
  return news.map((application) => {
    const label = presentStatus(application, serviceStatuses(definitionOfRow(application, definitions))).label;
    const text = t('layout.statusChanged', {
      service: serviceTitle(application, definitions),
      number: application.app_id ?? String(application.id),
      status: t(`status.${label}`, { defaultValue: label }),
    });
    const view = applicationLinks(application, definitions).view;
    return view ? (
      <MenuItem key={application.id} component={RouterLink} to={view} onClick={onChoose}>
        {text}
      </MenuItem>
    ) : (
      <MenuItem key={application.id} onClick={onChoose}>
        {text}
      </MenuItem>
    );
  });
}
