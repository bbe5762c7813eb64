import './styles';
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { DeactivateLocationDialog, LocationNameDialog } from './locations-dialogs';
import { type LocationsPageState, useLocationsPage } from './use-locations-page';
import { useSyncedFromShop } from '../sync';
import { TableScroll } from '../../components/table-scroll';

/** Locations (/locations, admin): shops and store rooms; add, rename, deactivate, move home here. */
export function LocationsPage() {
  const { t } = useTranslation();
  // a read-only hosted copy adds nothing: the shop's PC does
  const readOnly = useSyncedFromShop();
  const s = useLocationsPage();
  return (
    <>
      <PageHeader
        title={t('menu.locations')}
        actions={
          !readOnly && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => s.open('new')}>
              {t('stock.locations.add')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {s.locations.isPending ? (
          <Stack>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={44} />
            ))}
          </Stack>
        ) : (
          <LocationsTable state={s} />
        )}
      </Paper>
      <LocationNameDialog state={s} />
      <DeactivateLocationDialog state={s} />
    </>
  );
}

/**
 * Each location: its name, active or not (and counted on another server), rename, (de)activate,
 * and for a location homed elsewhere, making this server its home.
 */
function LocationsTable({ state: s }: { state: LocationsPageState }) {
  const { t } = useTranslation();
  // A location counted elsewhere has one more badge and one more button: scroll, never squeeze them.
  const elsewhere = (s.locations.data ?? []).some((l) => !l.home_here);
  return (
    <TableScroll minWidth={elsewhere ? 720 : 460}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.locations.name')}</Table.Th>
            <Table.Th>{t('users.status')}</Table.Th>
            <Table.Th>
              <span className="sr-only">{t('users.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(s.locations.data ?? []).map((l) => (
            <Table.Tr key={l.id} data-testid={`location-row-${l.name}`}>
              <Table.Td fw={500}>{l.name}</Table.Td>
              <Table.Td>
                <Group gap={6}>
                  {l.active ? (
                    <Badge color="teal" variant="light">
                      {t('users.active')}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="outline">
                      {t('users.inactive')}
                    </Badge>
                  )}
                  {!l.home_here && (
                    <Tooltip label={t('stock.locations.homeElsewhereHint')} multiline w={240}>
                      <Badge color="yellow" variant="light" data-testid="location-home-elsewhere">
                        {t('stock.locations.homeElsewhere')}
                      </Badge>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {!l.home_here && (
                    <Button
                      size="xs"
                      variant="light"
                      loading={s.movingHome}
                      onClick={() => void s.moveHome(l)}
                    >
                      {t('stock.locations.moveHome')}
                    </Button>
                  )}
                  <Button size="xs" variant="default" onClick={() => s.open(l)}>
                    {t('stock.locations.rename')}
                  </Button>
                  {l.active ? (
                    <Button size="xs" variant="light" color="red" onClick={() => s.askDeactivate(l)}>
                      {t('users.deactivate')}
                    </Button>
                  ) : (
                    <Button size="xs" variant="light" onClick={() => s.reactivate(l)}>
                      {t('users.reactivate')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
