import { afterAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "../../../app/auth/admin-users.server";
import { openDatabase } from "../../../db/client";
import { createTestDatabaseUrl, dropTestDatabase } from "../../helpers/db";
import { crashRounds, ROUNDS } from "../crash";
import { ADMIN, writeFigures } from "../traffic";

describe("kill -9 during contact submissions and admin saves", () => {
  let url: string | undefined;
  afterAll(async () => {
    if (url) await dropTestDatabase(url);
  });

  it("loses no acknowledged write on PostgreSQL", async () => {
    url = (await createTestDatabaseUrl())!;
    const setup = await openDatabase({ databaseUrl: url });
    await createOrPromoteAdmin(setup.db, ADMIN, { via: "test" });
    await setup.close();
    const databaseUrl = url;
    const figures = await crashRounds({ DATABASE_URL: databaseUrl }, async () => {
      const database = await openDatabase({ databaseUrl });
      return { db: database.db, close: () => database.close() };
    });
    writeFigures("crash-postgres", { rounds: ROUNDS, ...figures });
    expect(figures.contacts.acknowledged).toBeGreaterThan(0);
    expect(figures.saves.acknowledged).toBeGreaterThan(0);
    expect(figures.contacts.lost).toBe(0);
    expect(figures.saves.lost).toBe(0);
  });
});
