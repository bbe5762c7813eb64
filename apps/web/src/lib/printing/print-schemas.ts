// The printing answers' schemas, loaded when a receipt is first printed or the drawer opened
// (print-receipt.ts): the till's start loads the printing code without zod (issue 21).
export { drawerOpenedSchema, drawerReturnSchema, escPosJobSchema } from '@duka/domain';
