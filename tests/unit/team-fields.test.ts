import { describe, expect, it } from "vitest";
import { MEMBER_TEXT_FIELDS } from "~/team/schema";
import { demoTeamTexts } from "~/i18n/defaults";
import { isTeamMemberKey, TEAM_MEMBER_FIELDS, TEAM_MEMBER_KEY_PREFIX, teamMemberIdOfKey, teamMemberKey, teamMemberKeyPattern, teamMemberLabel } from "~/i18n/team-member-keys";

describe("team member fields and their content keys", () => {
  it("are one list, which the Team Management tab uses as it is", () => {
    expect(TEAM_MEMBER_FIELDS).toEqual(["role", "bio", "education", "bar_admissions", "areas_of_practice"]);
    expect(MEMBER_TEXT_FIELDS).toBe(TEAM_MEMBER_FIELDS);
  });

  it("key each field as team.member.{id}.{field}", () => {
    expect(TEAM_MEMBER_KEY_PREFIX).toBe("team.member.");
    expect(teamMemberKey(7, "bar_admissions")).toBe("team.member.7.bar_admissions");
    expect(teamMemberLabel("bio", "Jane Doe")).toBe("Team Member bio - Jane Doe");
  });

  it("recognise a member's key and the id it names, and nothing else", () => {
    expect(isTeamMemberKey("team.member.12.role")).toBe(true);
    expect(teamMemberIdOfKey("team.member.12.role")).toBe("12");
    expect(isTeamMemberKey("team-page-title")).toBe(false);
    expect(teamMemberIdOfKey("team-page-title")).toBeNull();
    expect(teamMemberIdOfKey("team.members")).toBeNull();
  });

  it("give SQL LIKE patterns for every member's texts or one member's", () => {
    expect(teamMemberKeyPattern()).toBe("team.member.%");
    expect(teamMemberKeyPattern(3)).toBe("team.member.3.%");
  });

  it("cover every demo member's text", () => {
    const fields = new Set([...demoTeamTexts.keys()].map((key) => key.split(".").at(-1)));
    expect([...fields].sort()).toEqual([...TEAM_MEMBER_FIELDS].sort());
    for (const key of demoTeamTexts.keys()) expect(isTeamMemberKey(key)).toBe(true);
  });
});
