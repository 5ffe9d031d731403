/**
 * /interface/tags/settings — the organization's tag categories (name and color) and their tags
 * (docs/PRODUCT.md, Screens and routes). Maintainers and above create, rename, recolor and delete categories, and rename,
 * move and delete tags; every member may create tags. A failed call shows the server's message
 * under the field (docs/PRODUCT.md, Messages; e.g. a duplicate name).
 */
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { notifySuccess } from '../../components/notify.ts';
import { useCategories, useTagMutations } from './api.ts';
import { callErrorText } from './fields.tsx';
import { CategoryCard } from './CategoryCard.tsx';
import { CategoryForm } from './TagForms.tsx';

export function TagsSettingsPage() {
  const { t } = useTranslation('library');
  const organization = useOrganizationScope().current;
  const organizationId = organization?._id ?? '';
  const categories = useCategories(organizationId);
  const mutations = useTagMutations(organizationId);
  const manage = organization?.abilities.manageTags ?? false;
  const list = categories.data ?? [];

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('settings.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {manage ? t('settings.intro', { organization: organization?.name ?? '' }) : t('settings.introMember', { organization: organization?.name ?? '' })}
        </Text>
      </Stack>

      {manage && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="new-category-heading">
          <Title order={2} size="h4" id="new-category-heading" mb="sm">
            {t('categories.new')}
          </Title>
          <CategoryForm
            initial={{ name: '', color: 'blue' }}
            submitLabel={t('categories.create')}
            pending={mutations.createCategory.isPending}
            onSubmit={(value, fail, done) =>
              mutations.createCategory.mutate(value, {
                onSuccess: (category) => {
                  done();
                  notifySuccess(t('categories.created', { name: category.name }));
                },
                onError: (failure) => fail(callErrorText(t, failure, t('errors.categoryCreate'))),
              })
            }
          />
        </Paper>
      )}

      {categories.isPending ? (
        <CenteredLoader />
      ) : categories.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {categories.error.message}
        </Alert>
      ) : list.length === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center">
          <Text>{t('categories.none')}</Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {list.map((category) => (
            <CategoryCard key={category._id} category={category} categories={list} manage={manage} mutations={mutations} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
