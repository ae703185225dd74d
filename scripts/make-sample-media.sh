#!/usr/bin/env bash
# Generates the small sample lesson clips in private/media (committed; rerun only to change them).
# They are served to members only, through GET /media/{file} (docs/decisions/134).
# Each is a 2-minute, low-bitrate H.264/AAC MP4 that every browser plays.
set -euo pipefail
cd "$(dirname "$0")/../private/media"
make_clip() { # name colour title
	ffmpeg -y -loglevel error \
		-f lavfi -i "color=c=$2:s=320x180:r=12:d=120" \
		-f lavfi -i "sine=frequency=220:sample_rate=22050:duration=120" \
		-vf "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='$3':fontcolor=white:fontsize=18:x=(w-text_w)/2:y=(h-text_h)/2-12,drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:text='%{pts\:hms}':fontcolor=white:fontsize=14:x=(w-text_w)/2:y=(h/2)+16" \
		-af "volume=0.05" \
		-c:v libx264 -preset veryslow -crf 36 -pix_fmt yuv420p -profile:v baseline \
		-c:a aac -b:a 24k -ac 1 -movflags +faststart "$1"
}
make_clip leadership-fundamentals.mp4 0x1d42d8 'Leadership Fundamentals'
make_clip communication.mp4 0x0f766e 'Communication'
make_clip strategy.mp4 0x7c3aed 'Strategy'
make_clip team-building.mp4 0xb45309 'Team Building'
# Played only by Premium lessons (ids above 10), so the demo shows the media rule too.
make_clip premium-lesson.mp4 0x9d174d 'Premium Lesson'
