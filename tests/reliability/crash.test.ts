import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { dataDirWithAdmin, openDataDir } from "../helpers/admin-http";
import { crashRounds, ROUNDS } from "./crash";
import { ADMIN, writeFigures } from "./traffic";

describe("kill -9 during contact submissions and admin saves", () => {
  let dataDir: string | undefined;
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("loses no acknowledged write on the embedded database", async () => {
    dataDir = await dataDirWithAdmin("site-crash-", ADMIN);
    const dir = dataDir;
    const figures = await crashRounds({ DATA_DIR: dir, DATABASE_URL: undefined }, () => openDataDir(dir));
    writeFigures("crash-pglite", { rounds: ROUNDS, ...figures });
    expect(figures.contacts.acknowledged).toBeGreaterThan(0);
    expect(figures.saves.acknowledged).toBeGreaterThan(0);
    expect(figures.contacts.lost).toBe(0);
    expect(figures.saves.lost).toBe(0);
  });
});
