/** A member photo as the page renders it. */
export interface TeamPhoto {
  src: string;
  /** "/media/{id}/{w}.webp {w}w, ..." when the image has stored variants. */
  srcSet: string | null;
  avifSrcSet: string | null;
  width: number | null;
  height: number | null;
}

/** A team member as the public team page shows them (its texts are content texts, read apart). */
export interface PublicTeamMember {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  photo: TeamPhoto | null;
  photoBw: TeamPhoto | null;
}

/** Areas of practice are typed as one list separated by Latin, Arabic-script or full-width commas. */
export function splitAreas(text: string): string[] {
  return text
    .split(/[,،，]/)
    .map((area) => area.trim())
    .filter((area) => area !== "");
}
