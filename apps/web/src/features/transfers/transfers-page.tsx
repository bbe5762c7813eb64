import './styles';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PROVIDER_KINDS, type Provider, isAdminRole } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session-context';
import { NameListPanel } from '../../components/name-list-panel';
import { TransfersList } from './transfers-list';
import { useProviders, useSaveProvider } from './transfers-api';

/** The banks and mobile-money services customers pay through (admin). */
export function ProvidersPanel() {
  const { t } = useTranslation();
  const providers = useProviders();
  const save = useSaveProvider();
  return (
    <NameListPanel
      testId="providers"
      historyType="payment_provider"
      items={providers}
      kinds={PROVIDER_KINDS.map((k) => ({ value: k, label: t(`transfers.kinds.${k}`) }))}
      save={(id, body) =>
        save.mutateAsync({ id, body: { ...body, kind: body.kind as Provider['kind'] | undefined } })
      }
      create={(body) =>
        save.mutateAsync({ id: null, body: { ...body, kind: body.kind as Provider['kind'] | undefined } })
      }
      text={{
        title: t('transfers.providers'),
        hint: t('transfers.providersHint'),
        add: t('transfers.addProvider'),
        name: t('transfers.providerName'),
        empty: t('transfers.noProvidersYet'),
        taken: t('transfers.errors.providerTaken'),
        created: (name) => t('transfers.providerCreated', { name }),
        updated: (name) => t('transfers.providerUpdated', { name }),
        deactivated: (name) => t('transfers.providerDeactivated', { name }),
        reactivated: (name) => t('transfers.providerReactivated', { name }),
        deactivateBody: (name) => t('transfers.providerDeactivateBody', { name }),
      }}
    />
  );
}

/** Transfers (/transfers): every payment moved by transfer; the admin confirms and keeps the providers. */
export function TransfersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const admin = isAdminRole(session.user.role);
  return (
    <>
      <PageHeader title={t('menu.transfers')} />
      {admin ? (
        <Tabs defaultValue="register" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="register">{t('transfers.register')}</Tabs.Tab>
            <Tabs.Tab value="providers">{t('transfers.providers')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="register">
            <TransfersList />
          </Tabs.Panel>
          <Tabs.Panel value="providers">
            <ProvidersPanel />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <TransfersList />
      )}
    </>
  );
}
