// Resource list arithmetic moved to machinery/quantity/resource-lists.ts, where the controllers
// reach it too; the server's plugins that import it from here keep working.
export * from '../../../../machinery/quantity/resource-lists.ts';
