// Rules of the controller selection and concurrency rows.
import { validateControllerList } from './known-controllers.ts';
import { list, rejectNegative, type ValidationContext } from '../validation-context.ts';
import { concurrencyFlagNames } from './concurrency.ts';

export function validateControllerSelection(ctx: ValidationContext): void {
  ctx.errors.push(...validateControllerList(list(ctx, 'controllers')));
  rejectNegative(ctx, ['controller-start-interval', 'controller-shutdown-timeout', ...concurrencyFlagNames]);
}
