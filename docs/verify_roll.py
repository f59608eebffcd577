#!/usr/bin/env python3
"""Re-derive every face of a Skald export from its revealed seeds, with the standard library only.

    python3 verify_roll.py campaign.jsonl            # every roll in a revealed epoch
    python3 verify_roll.py campaign.jsonl 42          # only the event at position 42

Follows docs/fair-dice.md: checks each revealed seed against its commitment, then each draw
against HMAC-SHA256(seed, "campaign|command|[client_seed|]index|attempt"). Exits 1 on any mismatch.
"""

import hashlib
import hmac
import json
import sys

SPACE = 1 << 256


def face(seed: bytes, campaign: str, command: str, index: int, sides: int, client_seed) -> int:
    prefix = f"{campaign}|{command}|" + (f"{client_seed}|" if client_seed else "")
    limit = SPACE - SPACE % sides
    attempt = 0
    while True:
        digest = hmac.new(seed, f"{prefix}{index}|{attempt}".encode(), hashlib.sha256).digest()
        value = int.from_bytes(digest, "big")
        if value < limit:
            return value % sides + 1
        attempt += 1


def main(path: str, only: int | None) -> int:
    with open(path, encoding="utf-8") as handle:
        lines = [json.loads(line) for line in handle if line.strip()]
    events = [line for line in lines[1:] if "position" in line]
    commitments, seeds, bad, checked = {}, {}, 0, 0
    for ev in events:
        data = ev["data"]
        if ev["type"] == "CampaignCreated":
            commitments[1] = data["seed_commitment"]
        elif ev["type"] == "SeedCommitted":
            commitments[data["epoch"]] = data["commitment"]
        elif ev["type"] == "SeedRevealed":
            seed = bytes.fromhex(data["seed"])
            if hashlib.sha256(seed).hexdigest() != commitments.get(data["epoch"]):
                print(f"position {ev['position']}: epoch {data['epoch']} seed does not match its commitment")
                bad += 1
            else:
                seeds[data["epoch"]] = seed
    for ev in events:
        dice = (ev.get("metadata") or {}).get("dice")
        if not dice or (only is not None and ev["position"] != only):
            continue
        seed = seeds.get(dice["epoch"])
        if seed is None:
            print(f"position {ev['position']}: epoch {dice['epoch']} not revealed yet")
            continue
        for index, draw in enumerate(dice["draws"]):
            derived = face(seed, ev["campaign_id"], ev["metadata"]["command_id"], index,
                           draw["sides"], dice.get("client_seed"))
            if derived != draw["face"]:
                print(f"position {ev['position']}: draw {index} is {draw['face']}, derives {derived}")
                bad += 1
        checked += 1
        print(f"position {ev['position']}: {len(dice['draws'])} draws checked")
    print(f"{checked} rolls checked, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else None))
