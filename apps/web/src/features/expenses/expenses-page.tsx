import './styles';
import { useState } from 'react';
import { Button, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isAdminRole } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session-context';
import { NameListPanel } from '../../components/name-list-panel';
import { ExpenseForm } from './expense-form';
import { ExpensesList } from './expenses-list';
import { useExpenseCategories, useSaveCategory } from './expenses-api';
import { useSyncedFromShop } from '../sync';

/** The expense categories (admin keeps the list). */
export function CategoriesPanel() {
  const { t } = useTranslation();
  const categories = useExpenseCategories();
  const save = useSaveCategory();
  return (
    <NameListPanel
      testId="categories"
      historyType="expense_category"
      items={categories}
      save={(id, body) => save.mutateAsync({ id, body: { name: body.name, active: body.active } })}
      create={(body) => save.mutateAsync({ id: null, body: { id: body.id, name: body.name } })}
      text={{
        title: t('expenses.categories'),
        hint: t('expenses.categoriesHint'),
        add: t('expenses.addCategory'),
        name: t('expenses.categoryName'),
        empty: t('expenses.noCategoriesYet'),
        taken: t('expenses.errors.categoryTaken'),
        created: (name) => t('expenses.categoryCreated', { name }),
        updated: (name) => t('expenses.categoryUpdated', { name }),
        deactivated: (name) => t('expenses.categoryDeactivated', { name }),
        reactivated: (name) => t('expenses.categoryReactivated', { name }),
        deactivateBody: (name) => t('expenses.categoryDeactivateBody', { name }),
      }}
    />
  );
}

/** Expenses (/expenses): what was paid out, how and where from; voids are new entries. */
export function ExpensesPage() {
  const { t } = useTranslation();
  // a read-only hosted copy adds nothing: the shop's PC does
  const readOnly = useSyncedFromShop();
  const session = useSession();
  const admin = isAdminRole(session.user.role);
  const [adding, setAdding] = useState(false);
  const list = <ExpensesList onAdd={() => setAdding(true)} />;
  return (
    <>
      <PageHeader
        title={t('menu.expenses')}
        actions={
          !readOnly && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              {t('expenses.add')}
            </Button>
          )
        }
      />
      {admin ? (
        <Tabs defaultValue="list" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="list">{t('expenses.list')}</Tabs.Tab>
            <Tabs.Tab value="categories">{t('expenses.categories')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="list">{list}</Tabs.Panel>
          <Tabs.Panel value="categories">
            <CategoriesPanel />
          </Tabs.Panel>
        </Tabs>
      ) : (
        list
      )}
      <ExpenseForm opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
