import './styles';
import {
  Anchor,
  Code,
  Grid,
  Group,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RECEIPT_COLUMNS,
  ROLL_OF_COLUMNS,
  type ReceiptColumns,
  printerHostSchema,
  printerPortSchema,
} from '@duka/domain';
import { CERTIFICATE_URL } from '../../lib/printing/qz';
import { useSession } from '../../lib/session-context';

export const CERTIFICATE_FILE = 'duka-business-certificate.pem';

/** The business profile form's checks for the printer fields: the API's own schemas. */
export function printerValidators(t: TFunction) {
  return {
    printer_host: (v: string) =>
      printerHostSchema.safeParse(v.trim()).success ? null : t('printing.profile.hostInvalid'),
    printer_port: (v: number | string) =>
      printerPortSchema.safeParse(v).success ? null : t('printing.profile.portInvalid'),
  };
}

/** A shell command that wraps between words only (a hyphen inside `--server` is no place to break). */
function Command({ children }: { children: string }) {
  const words = children.split(' ');
  return (
    <Code block style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      {words.map((w, i) => (
        <Fragment key={i}>
          <span style={{ whiteSpace: 'nowrap' }}>{w}</span>
          {i < words.length - 1 ? ' ' : null}
        </Fragment>
      ))}
    </Code>
  );
}

/** How to pair a till's printer helper with this business (README of apps/printer-helper). */
function HelperHowTo() {
  const { t } = useTranslation();
  const origin = window.location.origin;
  return (
    <Paper withBorder radius="md" p="md" data-testid="helper-howto">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('printing.profile.helperTitle')}
        </Title>
        <Text size="sm">{t('printing.profile.helperIntro')}</Text>
        <Text size="sm">{t('printing.profile.stepPrinter')}</Text>
        <Command>
          npm run printer-helper -- printers add --name Counter --type network --host 192.168.1.50
        </Command>
        <Text size="sm">{t('printing.profile.stepPair')}</Text>
        <Group gap="xs">
          <Anchor href={CERTIFICATE_URL} download={CERTIFICATE_FILE} size="sm" fw={600}>
            <Group gap={4} wrap="nowrap">
              <IconDownload size={16} aria-hidden />
              {t('printing.profile.download')}
            </Group>
          </Anchor>
        </Group>
        <Command>{`npm run printer-helper -- pair --file ${CERTIFICATE_FILE} --origin ${origin}`}</Command>
        <Text size="sm">{t('printing.profile.stepServer')}</Text>
        <Command>{`npm run printer-helper -- pair --server ${origin} --cookie <duka_session>`}</Command>
        <Text size="sm">{t('printing.profile.stepStart')}</Text>
        <Command>npm run printer-helper</Command>
      </Stack>
    </Paper>
  );
}

interface Props {
  /** Characters per line receipts are laid out at; the roll follows from them. */
  columns: ReceiptColumns;
  onColumns: (columns: ReceiptColumns) => void;
  host: GetInputPropsReturnType;
  port: GetInputPropsReturnType;
}

/** A layout as the owner knows the printer: "80 mm · 42 characters". */
export function layoutWords(t: TFunction, columns: ReceiptColumns): string {
  return t('printing.profile.layoutOption', { mm: ROLL_OF_COLUMNS[columns], n: columns });
}

/**
 * Business profile: the roll and characters per line receipts are laid out for, the local server's
 * network printer, pairing a till's helper.
 */
export function ReceiptPrinterSection({ columns, onColumns, host, port }: Props) {
  const { t } = useTranslation();
  const { mode } = useSession();
  // three choices side by side need room: stacked on a phone
  const narrow = useMediaQuery('(max-width: 560px)') ?? false;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="printer-section">
      <Title order={2} size="h4" mb="md">
        {t('printing.profile.title')}
      </Title>
      <Stack gap="md">
        <Input.Wrapper
          label={t('printing.profile.layout')}
          description={t('printing.profile.layoutHint')}
          labelElement="div"
          labelProps={{ id: 'receipt-layout' }}
        >
          <SegmentedControl
            mt={6}
            aria-labelledby="receipt-layout"
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth={narrow}
            value={String(columns)}
            onChange={(v) => onColumns(RECEIPT_COLUMNS.find((c) => String(c) === v) ?? 48)}
            data={RECEIPT_COLUMNS.map((c) => ({ value: String(c), label: layoutWords(t, c) }))}
          />
        </Input.Wrapper>
        {mode === 'local' ? (
          <Stack gap={4}>
            <Grid>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <TextInput label={t('printing.profile.host')} placeholder="192.168.1.50" {...host} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <NumberInput
                  label={t('printing.profile.port')}
                  min={1}
                  max={65535}
                  allowDecimal={false}
                  allowNegative={false}
                  {...port}
                />
              </Grid.Col>
            </Grid>
            <Text size="sm" c="dimmed">
              {t('printing.profile.hostHint')}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('printing.profile.hosted')}
          </Text>
        )}
        <HelperHowTo />
      </Stack>
    </Paper>
  );
}
