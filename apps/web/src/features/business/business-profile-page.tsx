import './styles';
import { Suspense } from 'react';
import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Business, ROLL_OF_COLUMNS } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { ListError } from '../../components/list-states';
import { ReceiptPrinterSection } from '../printing';
import { SyncSection } from '../sync';
import { useBusinessProfile } from './business-api';
import { StorageCard } from '../storage';
import { BackupStatusCard } from './backup-status';
import {
  BusinessHistorySection,
  IdentitySection,
  OperationsSection,
  ReceiptsSection,
  RegionalSection,
  SellingSection,
} from './business-sections';
import { ImageStorageCard } from './image-storage';
import { useBusinessForm } from './use-business-form';

function ProfileForm({ business }: { business: Business }) {
  const { t } = useTranslation();
  const { form, submit } = useBusinessForm(business);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <IdentitySection form={form} logo={business.logo} />
        <RegionalSection form={form} />
        <ReceiptsSection form={form} />
        <ReceiptPrinterSection
          columns={form.values.receipt_columns}
          onColumns={(columns) => {
            form.setFieldValue('receipt_columns', columns);
            form.setFieldValue('receipt_width', ROLL_OF_COLUMNS[columns]);
          }}
          host={form.getInputProps('printer_host')}
          port={form.getInputProps('printer_port')}
        />
        <SellingSection form={form} />
        <OperationsSection form={form} />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={form.submitting}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Business profile (/profile, admin). */
export function BusinessProfilePage() {
  const { t } = useTranslation();
  const profile = useBusinessProfile();
  return (
    <>
      <PageHeader title={t('menu.profile')} />
      {profile.isPending ? (
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={140} radius="lg" />
          ))}
        </Stack>
      ) : profile.isError ? (
        <ListError onRetry={() => void profile.refetch()} />
      ) : (
        <Stack gap="lg">
          <ProfileForm key={profile.data.updated_at} business={profile.data} />
          <BusinessHistorySection id={profile.data.id} />
          <ImageStorageCard />
          <StorageCard />
          <BackupStatusCard />
          <Suspense fallback={<Skeleton h={140} radius="lg" />}>
            <SyncSection />
          </Suspense>
        </Stack>
      )}
    </>
  );
}
