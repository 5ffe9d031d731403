/** Breadcrumbs with the product's labels (docs/PRODUCT.md, Screens and routes), taken from the matched route's handle. */
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteHandle, type BreadcrumbKey } from '../../routes/handle.ts';
import { paths } from '../../routes/paths.ts';
import { useOptionalOrganizationScope } from '../../app/OrganizationScope.tsx';

/** Crumbs that lead somewhere when they are not the last one. */
const TARGETS: Partial<Record<BreadcrumbKey, string>> = {
  media: paths.explore,
  organizationMedia: paths.explore,
  favorites: paths.favorites,
  guestMedia: paths.shared,
  sessions: paths.sessionsList,
};

export function PageBreadcrumbs() {
  const { t } = useTranslation('layout');
  const { breadcrumbs = [] } = useRouteHandle();
  // Without an organization there is no library: a media leads back to what was shared.
  const withOrganization = Boolean(useOptionalOrganizationScope()?.current);
  if (breadcrumbs.length === 0) return null;
  return (
    <nav aria-label={t('breadcrumbs.label')}>
      <Breadcrumbs separatorMargin={6}>
        {breadcrumbs.map((key, index) => {
          const label = t(`breadcrumbs.${key}`);
          const target = key === 'media' && !withOrganization ? paths.shared : TARGETS[key];
          const last = index === breadcrumbs.length - 1;
          return last || !target ? (
            <Text key={key} size="sm" c={last ? undefined : 'dimmed'} aria-current={last ? 'page' : undefined} truncate="end" maw={280} title={label}>
              {label}
            </Text>
          ) : (
            <Anchor key={key} component={Link} to={target} size="sm" truncate="end" maw={280} title={label}>
              {label}
            </Anchor>
          );
        })}
      </Breadcrumbs>
    </nav>
  );
}
