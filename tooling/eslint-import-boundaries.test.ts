import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import plugin from './eslint-import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const root = new URL('..', import.meta.url).pathname;
const at = (path: string) => `${root}${path}`;
const error = (pattern: RegExp) => ({ message: pattern }) as never;

tester.run('import-boundaries', plugin.rules['import-boundaries'], {
  valid: [
    { filename: at('apps/server/src/app.ts'), code: "import { userSchema } from '@quan/contract/user';" },
    { filename: at('apps/web/src/main.tsx'), code: "import { userSchema } from '@quan/contract/user';" },
    {
      filename: at('packages/contract/src/user.ts'),
      code: "import { z } from 'zod'; import { idSchema } from './common';",
    },
    {
      filename: at('packages/contract/src/bill.test.ts'),
      code: "import { expect, it } from 'vitest'; import { computeBill } from './bill';",
    },
    { filename: at('packages/contract/vitest.config.ts'), code: "import { defineConfig } from 'vitest/config';" },
    { filename: at('apps/server/src/modules/users/routes.ts'), code: "import * as repo from './repository';" },
    {
      filename: at('apps/server/src/modules/orders/repository.ts'),
      code: "export * from './repository/orders';",
    },
    {
      filename: at('apps/server/src/modules/orders/service.ts'),
      code: "import { createUsersService } from '../users/service';",
    },
    {
      filename: at('apps/web/src/app/routes.tsx'),
      code: "const Page = () => import('../features/auth/pages/AuthPage');",
    },
    {
      filename: at('apps/web/src/features/auth/pages/AuthPage.tsx'),
      code: "import { api } from '../../../lib/api-client';",
    },
  ],
  invalid: [
    {
      filename: at('apps/server/src/app.ts'),
      code: "import { x } from '../../web/src/lib/format';",
      errors: [error(/The server must not import the web app/)],
    },
    {
      filename: at('apps/web/src/lib/api-client.ts'),
      code: "import { loadConfig } from '../../../server/src/config';",
      errors: [error(/The web app must not import the server/)],
    },
    {
      filename: at('packages/contract/src/user.ts'),
      code: "import { v7 } from 'uuid';",
      errors: [error(/may import only zod/)],
    },
    {
      filename: at('packages/contract/src/bill.ts'),
      code: "import { expect } from 'vitest';",
      errors: [error(/may import only zod/)],
    },
    {
      filename: at('apps/server/src/modules/orders/routes.ts'),
      code: "import { findUserById } from '../users/repository';",
      errors: [error(/Use the users service instead of its repository/)],
    },
    {
      filename: at('apps/server/src/modules/tables/service.ts'),
      code: "import { lockOrder } from '../orders/repository/orders';",
      errors: [error(/Use the orders service instead of its repository/)],
    },
    {
      filename: at('apps/web/src/features/profile/components/ProfileCard.tsx'),
      code: "import { LoginForm } from '../../auth/components/LoginForm';",
      errors: [error(/The profile feature must not import the auth feature's components/)],
    },
    {
      filename: at('apps/web/src/features/menu/pages/MenuPage.tsx'),
      code: "import { OrdersPage } from '../../orders/pages/OrdersPage';",
      errors: [error(/must not import the orders feature's pages/)],
    },
    {
      filename: at('apps/web/src/components/Header.tsx'),
      code: "import { logout } from '../features/auth/api/logout';",
      errors: [error(/components\/ must not import a feature/)],
    },
  ],
});
