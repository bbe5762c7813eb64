import './styles';
import { Alert, Button, Divider, Group, Kbd, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Sale, saleTaxByRate } from '@duka/domain';
import { PrintReceiptButton } from '../printing';
import { ReceiptPreview } from '../receipts';
import classes from './till.module.css';
import { useFormat } from '../../lib/format';
import { useWideScreen } from '../../lib/use-wide-screen';
import { useTaxName } from '../../lib/tax-name';

/**
 * How the till learnt of a sale shown: its answer was lost (it had been recorded before), or
 * (`elsewhere`) it was completed on another till, so this one tells no change and prints nothing
 * by itself.
 */
export interface ReceiptNotice {
  text: string;
  elsewhere?: boolean;
}

interface Props {
  opened: boolean;
  sale: Sale | null;
  notice?: ReceiptNotice | null;
  onClose: () => void;
  money: (minor: number) => string;
}

/** After a sale: what to tell the customer (change, new balance), the receipt, and New sale. */
export function ReceiptPanel({ opened, sale, notice, onClose, money }: Props) {
  const { t } = useTranslation();
  const narrow = !useWideScreen();
  const elsewhere = notice?.elsewhere === true;
  return (
    <Modal
      opened={opened && sale !== null}
      onClose={onClose}
      size={900}
      fullScreen={narrow}
      returnFocus={false}
      title={<PanelTitle sale={sale} elsewhere={elsewhere} />}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {sale && notice && (
        <Alert
          color="orange"
          mb="md"
          icon={<IconInfoCircle size={18} aria-hidden />}
          role="status"
          data-testid="receipt-notice"
        >
          {notice.text}
        </Alert>
      )}
      {sale && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Stack gap="md">
            {!elsewhere && (
              <>
                <TellTheCustomer sale={sale} money={money} />
                <Divider />
              </>
            )}
            <Stack gap={4}>
              <Fig label={t('till.cart.total')} value={money(sale.total)} strong />
              {sale.tendered !== null && <Fig label={t('till.pay.tendered')} value={money(sale.tendered)} />}
              {sale.discount > 0 && (
                <Fig label={t('till.cart.discount')} value={`−${money(sale.discount)}`} />
              )}
              <TaxFigures sale={sale} money={money} />
              <Fig label={t('till.receipt.items')} value={String(sale.lines.length)} />
            </Stack>
            {/* New sale takes the rest of the row, or a row of its own where its words would be cut
                beside Print ("Neuer Verk" at 390 px) */}
            <Group gap="xs" mt="auto">
              <PrintReceiptButton receiptNo={sale.receipt_no} auto={!elsewhere} size="lg" />
              <Button
                size="lg"
                style={{ flex: '1 0 auto' }}
                data-autofocus
                leftSection={<IconPlus size={18} aria-hidden />}
                rightSection={
                  <Kbd size="xs" visibleFrom="sm">
                    F4
                  </Kbd>
                }
                onClick={onClose}
                aria-keyshortcuts="F4 Enter"
              >
                {t('till.newSale')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t('till.receipt.nextHint')}
            </Text>
          </Stack>
          <ReceiptPreview receiptNo={sale.receipt_no} />
        </SimpleGrid>
      )}
    </Modal>
  );
}

/** "Sale complete · Receipt #…", or, for a sale completed on another till, that. */
function PanelTitle({ sale, elsewhere }: { sale: Sale | null; elsewhere: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      {elsewhere ? (
        <IconInfoCircle size={22} aria-hidden />
      ) : (
        <IconCircleCheck size={22} aria-hidden className={classes.good} />
      )}
      <span>
        {sale
          ? t(elsewhere ? 'till.receipt.titleElsewhere' : 'till.receipt.title', { no: sale.receipt_no })
          : ''}
      </span>
    </Group>
  );
}

/** The one figure the cashier says out loud: the change, the debtor's new balance, or the transfer's reference. */
function TellTheCustomer({ sale, money }: { sale: Sale; money: (minor: number) => string }) {
  const { t } = useTranslation();
  return (
    <>
      {sale.kind === 'cash' && (
        <div>
          <Text c="dimmed" fw={600} tt="uppercase" size="sm">
            {t('till.pay.change')}
          </Text>
          <Text className={`${classes.huge} tabular ${classes.good}`} data-testid="receipt-change">
            {money(sale.change ?? 0)}
          </Text>
        </div>
      )}
      {sale.kind === 'debtor' && (
        <div>
          <Text c="dimmed" fw={600} tt="uppercase" size="sm">
            {t('till.receipt.newBalance', { name: sale.debtor_name ?? '' })}
          </Text>
          <Text className={`${classes.huge} tabular`} data-testid="receipt-balance">
            {money(sale.debtor_balance_after ?? 0)}
          </Text>
        </div>
      )}
      {sale.kind === 'transfer' && (
        <div>
          <Text c="dimmed" fw={600} tt="uppercase" size="sm">
            {sale.provider_name}
          </Text>
          <Text
            className={`${classes.huge} tabular`}
            data-testid="receipt-reference"
            style={{ wordBreak: 'break-all' }}
          >
            {sale.reference}
          </Text>
        </div>
      )}
    </>
  );
}

/** The tax in the total by rate, as the receipt prints it; in one figure when no line has a rate. */
function TaxFigures({ sale, money }: { sale: Sale; money: (minor: number) => string }) {
  const { t } = useTranslation();
  const { percent } = useFormat();
  const name = useTaxName();
  const rates = saleTaxByRate(sale);
  if (rates.length === 0) return <Fig label={t('till.cart.taxIncluded')} value={money(sale.tax)} />;
  return rates.map((r) => (
    <Fig
      key={r.rate}
      label={t('till.receipt.taxRate', { name, rate: percent(r.rate), base: money(r.amount - r.tax) })}
      value={money(r.tax)}
    />
  ));
}

function Fig(p: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {p.label}
      </Text>
      <Text size={p.strong ? 'lg' : 'sm'} fw={p.strong ? 700 : 500} className="tabular">
        {p.value}
      </Text>
    </Group>
  );
}
