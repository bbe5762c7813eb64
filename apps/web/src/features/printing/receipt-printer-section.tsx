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
import { IconDownload } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { printerHostSchema, printerPortSchema } from '@duka/domain';
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
  width: 58 | 80;
  onWidth: (w: 58 | 80) => void;
  host: GetInputPropsReturnType;
  port: GetInputPropsReturnType;
}

/** Business profile: the roll width, the local server's network printer, pairing a till's helper. */
export function ReceiptPrinterSection({ width, onWidth, host, port }: Props) {
  const { t } = useTranslation();
  const { mode } = useSession();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="printer-section">
      <Title order={2} size="h4" mb="md">
        {t('printing.profile.title')}
      </Title>
      <Stack gap="md">
        <Input.Wrapper
          label={t('printing.profile.width')}
          description={t('printing.profile.widthHint')}
          labelElement="div"
          labelProps={{ id: 'roll-width' }}
        >
          <SegmentedControl
            mt={6}
            aria-labelledby="roll-width"
            value={String(width)}
            onChange={(v) => onWidth(v === '58' ? 58 : 80)}
            data={[58, 80].map((w) => ({ value: String(w), label: t('printing.profile.mm', { n: w }) }))}
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
