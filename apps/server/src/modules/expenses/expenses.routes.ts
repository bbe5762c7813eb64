import {
  categoryInputSchema,
  categorySchema,
  categoryUpdateSchema,
  expenseBodySchema,
  expenseListSchema,
  expenseSchema,
  expenseVoidBodySchema,
  expensesQuerySchema,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';
import { listInReadScope, readableById } from '../../http/scoped-reads.js';
import { createCategory, listCategories, updateCategory } from './categories.service.js';
import { listExpenses, loadExpense, recordExpense, voidExpense } from './expenses.service.js';

const EXPENSES = { access: { kind: 'flag' as const, flag: 'adding_expenses' as const } };
const ADMIN = { access: { kind: 'admin' as const } };

const id = z.object({ id: z.uuid() });

export function expensesRoutes(app: FastifyInstance, deps: AppDeps): void {
  categoryRoutes(app, deps);
  expenseRoutes(app, deps);
}

/** The admin's list of expense categories. */
function categoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/expense-categories', {
    config: EXPENSES,
    schema: {
      tags: ['expenses'],
      summary: 'Expense categories (the admin keeps the list)',
      response: { 200: z.array(categorySchema), ...errorResponses(401, 403) },
    },
    handler: (request) => listCategories(deps.db.kysely, contextOf(request).business.id),
  });

  r.post('/api/expense-categories', {
    config: ADMIN,
    schema: {
      tags: ['expenses'],
      summary: 'Add an expense category',
      body: categoryInputSchema,
      response: { 201: categorySchema, ...errorResponses(401, 403, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await createCategory(deps.db, contextOf(request), request.body)),
  });

  r.patch('/api/expense-categories/:id', {
    config: ADMIN,
    schema: {
      tags: ['expenses'],
      summary: 'Rename or deactivate an expense category',
      params: id,
      body: categoryUpdateSchema,
      response: { 200: categorySchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    handler: (request) => updateCategory(deps.db, contextOf(request), request.params.id, request.body),
  });
}

/** The expenses: list, record, read, void. */
function expenseRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/expenses', {
    config: EXPENSES,
    schema: {
      tags: ['expenses'],
      summary: 'Expenses with filters; totals net of voids, by method and category',
      querystring: expensesQuerySchema,
      response: { 200: expenseListSchema, ...errorResponses(401, 403, 422) },
    },
    handler: (request) => listInReadScope(deps.db.kysely, request, listExpenses),
  });

  r.post('/api/expenses', {
    config: EXPENSES,
    schema: {
      tags: ['expenses'],
      summary: 'Record an expense (idempotent by its id)',
      body: expenseBodySchema,
      response: { 201: expenseSchema, ...errorResponses(401, 403, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await recordExpense(deps.db, contextOf(request), request.body)),
  });

  r.get('/api/expenses/:id', {
    config: EXPENSES,
    schema: {
      tags: ['expenses'],
      summary: 'One expense',
      params: id,
      response: { 200: expenseSchema, ...errorResponses(401, 403, 404) },
    },
    handler: (request) => readableById(deps.db.kysely, request, 'Expense', loadExpense),
  });

  r.post('/api/expenses/:id/void', {
    config: EXPENSES,
    schema: {
      tags: ['expenses'],
      summary: 'Void an expense with a new, opposite entry (once)',
      params: id,
      body: expenseVoidBodySchema,
      response: { 201: expenseSchema, ...errorResponses(401, 403, 404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await voidExpense(deps.db, contextOf(request), request.params.id, request.body)),
  });
}
