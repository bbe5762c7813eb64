import './styles';
import { Alert, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConnection } from '../../lib/connection';
import type { TillErrors } from './till-errors';

/**
 * Why the sale did not go through, or what to check before it does. One that got no answer may
 * have been recorded or not: the cart is kept, and Enter sends the same sale again (its id makes
 * that safe: a sale already recorded answers its receipt), which the words say once the server
 * answers again.
 */
export function SaleAlert({ errors, compact }: { errors: TillErrors; compact?: boolean }) {
  const { t } = useTranslation();
  const connection = useConnection();
  const Icon = errors.warn ? IconAlertTriangle : IconAlertCircle;
  return (
    <Alert
      color={errors.warn ? 'orange' : 'red'}
      p={compact ? 'xs' : undefined}
      mt={compact ? 'sm' : undefined}
      icon={<Icon size={18} aria-hidden />}
      role="alert"
      data-testid="sale-alert"
    >
      {errors.form}
      {errors.retry && (
        <Text size="sm" fw={600} mt={4} data-testid="sale-retry-hint">
          {connection === 'online'
            ? t(compact ? 'till.errors.serverBackPay' : 'till.errors.serverBack')
            : t(compact ? 'till.errors.retryWhenBackPay' : 'till.errors.retryWhenBack')}
        </Text>
      )}
    </Alert>
  );
}
