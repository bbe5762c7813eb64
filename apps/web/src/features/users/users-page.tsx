import './styles';
import { Paper, Tabs } from '@mantine/core';
import { IconDevices, IconHistory, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ActivityList, DevicesList } from '../devices';
import { UsersList } from './users-list';

/** User accounts (/users, admin): users, devices and the audit trail. */
export function UsersPage() {
  const { t } = useTranslation();
  // `?tab=devices` opens a tab (the notifications link to the tills waiting for approval).
  const asked = useSearchParams()[0].get('tab');
  const tab = asked === 'devices' || asked === 'activity' ? asked : 'users';
  return (
    <>
      <PageHeader title={t('menu.users')} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs defaultValue={tab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden />}>
              {t('users.tab')}
            </Tabs.Tab>
            <Tabs.Tab value="devices" leftSection={<IconDevices size={16} aria-hidden />}>
              {t('devices.tab')}
            </Tabs.Tab>
            <Tabs.Tab value="activity" leftSection={<IconHistory size={16} aria-hidden />}>
              {t('activity.tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="users">
            <UsersList />
          </Tabs.Panel>
          <Tabs.Panel value="devices">
            <DevicesList />
          </Tabs.Panel>
          <Tabs.Panel value="activity">
            <ActivityList />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </>
  );
}
